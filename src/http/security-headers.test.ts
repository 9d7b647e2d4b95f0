import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isFrameablePath, newNonce, securityHeaders } from './security-headers';

const options = { nonce: 'bm9uY2U=', imageOrigins: ['https://cdn.brandfetch.io'], https: false };

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts from our origin and inline scripts with the nonce only', () => {
    const scripts = directives(contentSecurityPolicy(options)).get('script-src');
    expect(scripts).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it('lets no one frame a page, plugins nothing, forms and base URLs only our origin', () => {
    const policy = directives(contentSecurityPolicy(options));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
  });

  it('lets any site frame the reconciliation preview card, and only it', () => {
    expect(directives(contentSecurityPolicy({ ...options, frameable: true })).get('frame-ancestors')).toEqual(['*']);
    expect(securityHeaders({ ...options, frameable: true })['X-Frame-Options']).toBeUndefined();
    expect(isFrameablePath('/api/reconcile/preview?id=x')).toBe(true);
    expect(isFrameablePath('/api/reconcile/preview')).toBe(true);
    for (const other of ['/api/reconcile', '/api/reconcile/previewx', '/dashboard', '/api/reconcile/preview/../x', undefined])
      expect(isFrameablePath(other)).toBe(false);
  });

  it('loads images from our origin, data URLs and the logo CDN', () => {
    expect(directives(contentSecurityPolicy(options)).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.brandfetch.io']);
  });

  it('upgrades insecure requests only when served over https', () => {
    expect(directives(contentSecurityPolicy(options)).has('upgrade-insecure-requests')).toBe(false);
    expect(directives(contentSecurityPolicy({ ...options, https: true })).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('securityHeaders', () => {
  it('forbids framing and sniffing and keeps the referrer origin cross-site (never no-referrer)', () => {
    const headers = securityHeaders(options);
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ ...options, https: true })['Strict-Transport-Security']).toBe('max-age=31536000');
  });
});

describe('newNonce', () => {
  it('is fresh each time and in the form Next.js reads from the header', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(newNonce()).not.toBe(a);
  });
});
