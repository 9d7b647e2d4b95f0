/**
 * The security headers of every response (pages, API routes, static files, errors), set by the HTTP server
 * before Next.js answers. Scripts: our own origin plus the inline scripts Next.js writes into each page, which
 * carry the request's nonce (Next.js reads it from the request's Content-Security-Policy header). Styles allow
 * inline `style` attributes (React Aria positions popovers with them). Images: our origin, data URLs (flags)
 * and the logo CDN. Nothing may frame a page, and the referrer keeps its origin cross-site (the logo CDN
 * checks it), never `no-referrer`.
 */
import { randomBytes } from 'node:crypto';

export interface SecurityHeaderOptions {
  /** A fresh value per request; Next.js stamps it on its scripts. */
  nonce: string;
  /** Origins images may load from besides our own (the logo CDN). */
  imageOrigins: readonly string[];
  /** BASE_URL is https: browsers also upgrade stray http URLs and remember https (HSTS). */
  https: boolean;
  /**
   * The response may be framed by any site: only the reconciliation preview card (`/api/reconcile/preview`,
   * which the W3C Reconciliation API shows in a client's iframe; a static card with no form or script).
   */
  frameable?: boolean;
}

/** Paths whose answers any site may frame (see `frameable`). */
const FRAMEABLE_PATH = /^\/api\/reconcile\/preview\/?(?:\?|$)/;
export function isFrameablePath(url: string | undefined): boolean {
  return url !== undefined && FRAMEABLE_PATH.test(url);
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function contentSecurityPolicy({ nonce, imageOrigins, https, frameable = false }: SecurityHeaderOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...imageOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameable ? 'frame-ancestors *' : "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    ...(options.frameable ? {} : { 'X-Frame-Options': 'DENY' }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
