import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Organisation Search', template: '%s · Organisation Search' },
  description: 'Find, identify and classify organisations',
};

/**
 * Every page is rendered per request (`connection()`), the not-found page and the root redirect included: the
 * Content-Security-Policy allows inline scripts only with the request's nonce, which Next.js can stamp on a
 * page rendered for that request and never on one prerendered at build time (src/http/security-headers.ts).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
