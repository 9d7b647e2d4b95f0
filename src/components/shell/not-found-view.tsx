import Link from 'next/link';

/** The body of a not-found page: the code, what happened, and the ways back (dashboard, the account's organisations). */
export function NotFoundView({ title, explanation }: { title: string; explanation: string }) {
  return (
    <>
      <p className="not-found-code">404</p>
      <h1>{title}</h1>
      <p>{explanation}</p>
      <nav aria-label="Ways back" className="not-found-links">
        <Link href="/dashboard" className="button button-primary">
          Go to the dashboard
        </Link>
        <Link href="/identify" className="button">
          Your organisations
        </Link>
      </nav>
    </>
  );
}
