/** The shell's icons: inline SVG, decorative (the buttons carry the accessible names). */
const ICON = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: 'false',
} as const;

export function CloseIcon() {
  return (
    <svg {...ICON}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function BackArrowIcon() {
  return (
    <svg {...ICON}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...ICON}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...ICON}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
