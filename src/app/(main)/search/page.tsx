/** /search is a normal page that redirects to /dashboard, keeping the search parameters. */
import { redirect } from 'next/navigation';

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }): Promise<never> {
  const params = await searchParams;
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) kept.append(name, v);
  }
  const query = kept.toString();
  redirect(query ? `/dashboard?${query}` : '/dashboard');
}
