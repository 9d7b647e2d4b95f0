/** The header's current section (marked `aria-current="page"` in the navigation and in the narrow menu). */
export function isCurrentSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
