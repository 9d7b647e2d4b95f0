/**
 * Brandfetch Logo API (providers/enrichment.md 1.1): a hotlinked CDN URL built from the registrable domain,
 * with the lettermark fallback. Computed, never fetched by the server, never persisted.
 */
import { registrableDomain } from '../../core/website';
import type { LogoService } from '../../server/ports';

/** Where logo images come from (the Content-Security-Policy's img-src allows it). */
export const LOGO_CDN_ORIGIN = 'https://cdn.brandfetch.io';

export function createBrandfetchLogoService(clientId: string | undefined): LogoService {
  return {
    logoFor(website) {
      if (!clientId || !website) return null;
      const domain = registrableDomain(website);
      if (!domain) return null;
      return `${LOGO_CDN_ORIGIN}/domain/${encodeURIComponent(domain)}/w/128/h/128/fallback/lettermark/icon?c=${encodeURIComponent(clientId)}`;
    },
  };
}
