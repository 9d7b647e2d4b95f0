/**
 * Websites: the normalised host used for website lookups (spec: quick-search rule 3, "tolerant of
 * protocol, leading www., trailing slash"), the registrable domain, and the URL stored on an organisation.
 * Domain rules follow providers/enrichment.md 3.1: tldts' Public Suffix List, never an IP literal or a
 * TLD outside the ICANN section.
 */
import { parse } from 'tldts';

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Longest host name DNS allows. */
const MAX_HOSTNAME_LENGTH = 253;

/**
 * The host of a website, lower case, without a leading `www.`: `HTTPS://WWW.Acme.com.au/about?x=1` and
 * `acme.com.au/` both give `acme.com.au`; `shop.acme.co.uk` keeps its subdomain. Tolerates a protocol
 * (http or https only), a port, a path, a query, a fragment, a trailing dot and any case. Internationalised
 * names come back in ASCII (punycode) form. Undefined for anything that is not a public host name: no dot,
 * IP addresses, `localhost`, a bare public suffix (`com.au`), a TLD outside the ICANN list, spaces,
 * credentials in the URL, other protocols (spec: quick-search rule 3; providers/enrichment.md 3.1).
 */
export function normaliseWebsiteHost(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/u.test(trimmed)) return undefined;
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return undefined;
  // "//acme.com" (protocol-relative) is tolerated too.
  const withScheme = scheme === undefined ? `https://${trimmed.replace(/^\/\//, '')}` : trimmed;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  const hostname = url.hostname.replace(/\.$/, '');
  if (hostname.length > MAX_HOSTNAME_LENGTH || !hostname.includes('.')) return undefined;
  const parsed = parse(hostname);
  if (parsed.isIp === true || parsed.isIcann !== true || parsed.domain === null || parsed.hostname === null) {
    return undefined;
  }
  const subdomain = parsed.subdomain ?? '';
  if (subdomain === 'www') return parsed.domain;
  if (subdomain.startsWith('www.')) return parsed.hostname.slice('www.'.length);
  return parsed.hostname;
}

/**
 * The registrable domain (public suffix plus one label) of a website: `https://shop.acme.co.uk/x` gives
 * `acme.co.uk`. Undefined when normaliseWebsiteHost rejects the input (providers/enrichment.md 3.1).
 */
export function registrableDomain(input: string): string | undefined {
  const host = normaliseWebsiteHost(input);
  return host === undefined ? undefined : (parse(host).domain ?? undefined);
}

/**
 * True when a search query looks like a URL or a domain (spec: quick-search rule 3): `acme.com`,
 * `www.acme.com.au`, `https://acme.io/x`. False for names (`Acme Pty Ltd`, `acme`, `J. Smith & Co.`),
 * identifiers (`51 824 753 556`) and anything else normaliseWebsiteHost rejects.
 */
export function looksLikeWebsite(query: string): boolean {
  return normaliseWebsiteHost(query) !== undefined;
}

/**
 * The canonical website URL stored on an organisation: `https://<normalised host>`, keeping a subdomain
 * other than www and dropping path, query and port (`http://www.Acme.com/about` -> `https://acme.com`).
 * Undefined when the input is not a public host name.
 */
export function toWebsiteUrl(input: string): string | undefined {
  const host = normaliseWebsiteHost(input);
  return host === undefined ? undefined : `https://${host}`;
}

/**
 * The name a registry is searched by for a website query: the registrable domain's first label, dashes as spaces
 * (`https://www.acme-widgets.com.au/` -> "acme widgets"). Undefined when the query is not a website.
 */
export function websiteBrandName(query: string): string | undefined {
  const label = registrableDomain(query)?.split('.')[0];
  if (label === undefined || label === '') return undefined;
  return label.replace(/-+/g, ' ').trim() || undefined;
}
