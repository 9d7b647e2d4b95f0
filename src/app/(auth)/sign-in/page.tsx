import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getContainer } from '../../../composition-root';
import { publicBaseUrl } from '../../../config/origins';
import { SignOutButton } from '../../../components/shell/sign-out-button';
import { safeNextPath } from './safe-next-path';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const requestHeaders = await headers();
  const params = await searchParams;
  const container = await getContainer();
  const next = safeNextPath(params.next, publicBaseUrl(container.env));
  const session = await container.auth.api.getSession({ headers: requestHeaders });
  if (session) {
    const account = await container.accountResolver.resolve(requestHeaders);
    if (account && account.userId === session.user.id) redirect(next);
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="sign-in-title">
        <p className="brand">Organisation Search</p>
        <h1 id="sign-in-title">Sign in</h1>
        {session ? (
          <>
            <p role="alert" className="form-error">
              {session.user.email} has no active account. Ask an operator to add you to an account.
            </p>
            <SignOutButton />
          </>
        ) : (
          <SignInForm next={next} />
        )}
      </section>
    </main>
  );
}
