/**
 * The server-side session check every page under (main) makes (the proxy's cookie check is only a hint).
 * Without a session: redirect to /sign-in. With a session but no active account: /sign-in explains.
 */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getContainer } from '../../composition-root';

export interface PageSession {
  readonly accountId: string;
  readonly user: { readonly id: string; readonly email: string; readonly name: string };
}

/** Memoised per request, so the layout and the page share one lookup. */
export const requireSession = cache(async (): Promise<PageSession> => {
  // Reading the request headers first marks every page dynamic, so nothing is prerendered at build time.
  const requestHeaders = await headers();
  const container = await getContainer();
  const session = await container.auth.api.getSession({ headers: requestHeaders });
  if (!session) redirect('/sign-in');
  const account = await container.accountResolver.resolve(requestHeaders);
  if (!account || account.userId !== session.user.id) redirect('/sign-in?reason=no-account');
  return { accountId: account.accountId, user: { id: session.user.id, email: session.user.email, name: session.user.name } };
});
