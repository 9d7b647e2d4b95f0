/**
 * The page the HTTP server shows instead of a page while the database does not answer: `503` with
 * `Retry-After`, in the product's colours and type (src/app/globals.css), one heading, a plain explanation
 * and a link that tries the same address again. It is static HTML written by the server itself, because
 * Next.js can only answer a page that fails to render with its own error page and a 500.
 */

/** Seconds a client is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

export function unavailablePageHtml(path: string): string {
  const again = escapeHtml(path.startsWith('/') && !path.startsWith('//') ? path : '/');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable · Organisation Search</title>
<style>
:root { color-scheme: light; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1b1f24; background: #f6f7f9; }
header { background: #ffffff; border-bottom: 1px solid #d7dce2; padding: 0.75rem 1.5rem; font-weight: 600; }
main { max-width: 36rem; margin: 4rem auto; padding: 2rem; background: #ffffff; border: 1px solid #d7dce2; border-radius: 8px; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
p { margin: 0 0 1rem; color: #5b6470; }
a { display: inline-block; padding: 0.5rem 1rem; border-radius: 8px; background: #1d4ed8; color: #ffffff; text-decoration: none; font-weight: 600; }
a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<header>Organisation Search</header>
<main id="content">
<h1>Temporarily unavailable</h1>
<p>Organisation Search cannot reach its database at the moment, so this page cannot be shown. Nothing you saved is lost. Please try again in a minute.</p>
<a href="${again}">Try again</a>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
