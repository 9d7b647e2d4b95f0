/**
 * What a home page says about who runs it (providers/enrichment.md 3.4), read from an untrusted, bounded
 * HTML document (the safe fetcher stops at 1 MB) with small linear regular expressions: nothing is ever
 * executed, no URL in the page is followed. Pure: a transform from HTML text to fields.
 *
 * Fields: `<title>`, `og:site_name`, `og:title`, `application-name`, `link[rel=canonical]`, a meta refresh
 * target, every JSON-LD node typed Organization or a subtype (name, legalName, alternateName; walking arrays,
 * `@graph` and the `publisher` of WebSite/WebPage nodes), the holders named by copyright lines
 * ("© 2026 Acme Widgets Pty Ltd. All rights reserved."), and whether the page reads like a parked domain.
 */

export interface PageOrganisation {
  name: string | null;
  legalName: string | null;
  alternateNames: string[];
}

export interface PageEvidence {
  title: string | null;
  ogSiteName: string | null;
  ogTitle: string | null;
  applicationName: string | null;
  canonicalUrl: string | null;
  /** The URL a `<meta http-equiv="refresh">` points to (never followed). */
  metaRefreshUrl: string | null;
  organisations: PageOrganisation[];
  copyrightHolders: string[];
  /** "This domain is for sale" and the like. */
  parked: boolean;
}

/** Fields kept from a page are short; longer values are cut (they are compared with names only). */
const MAX_FIELD_LENGTH = 200;
const MAX_COPYRIGHT_LINES = 10;
const MAX_JSON_LD_NODES = 50;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  ndash: '–',
  mdash: '—',
  middot: '·',
  bull: '•',
  rsquo: '’',
  lsquo: '‘',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function clean(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  const value = decodeEntities(text).replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_LENGTH);
  return value === '' ? null : value;
}

/** Attributes of one tag's inside (`meta property="og:site_name" content="Acme"`), names lower-cased. */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  const pattern = /([a-zA-Z_:][-\w:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of tag.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!out.has(name)) out.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return out;
}

const ORGANISATION_TYPES = new Set([
  'Organization',
  'Corporation',
  'LocalBusiness',
  'OnlineBusiness',
  'OnlineStore',
  'NGO',
  'Store',
  'ProfessionalService',
  'FinancialService',
  'LegalService',
  'Airline',
  'Consortium',
]);

function isOrganisationType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    if (typeof t !== 'string') return false;
    const name = t.replace(/^https?:\/\/schema\.org\//i, '');
    return ORGANISATION_TYPES.has(name) || /(Organization|Business|Store|Service)$/.test(name);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function stringValues(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v) => {
    const text = typeof v === 'string' ? clean(v) : null;
    return text === null ? [] : [text];
  });
}

/** Organisation nodes of one JSON-LD document: top level, arrays, @graph, and the publisher of a page. */
function organisationsOf(document: unknown): PageOrganisation[] {
  const found: PageOrganisation[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > 4 || found.length >= MAX_JSON_LD_NODES) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    if (!isRecord(node)) return;
    if ('@graph' in node) visit(node['@graph'], depth + 1);
    if (isOrganisationType(node['@type'])) {
      found.push({
        name: stringValues(node.name)[0] ?? null,
        legalName: stringValues(node.legalName)[0] ?? null,
        alternateNames: stringValues(node.alternateName),
      });
    } else if ('publisher' in node) {
      visit(node.publisher, depth + 1);
    }
  };
  visit(document, 0);
  return found;
}

const BLOCK_TAGS = /<\/?(?:p|div|li|ul|ol|br|hr|footer|header|section|article|nav|td|tr|table|h[1-6]|small|address|aside|main|body|html)\b[^>]*>/gi;

/** The page's visible text: scripts, styles and comments gone, block tags as line breaks, entities decoded. */
export function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|template|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(BLOCK_TAGS, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/ ?\n[\n ]*/g, '\n');
}

/** Holders named by copyright lines: "© 2026 Acme Widgets Pty Ltd. All rights reserved." -> "Acme Widgets Pty Ltd". */
export function copyrightHolders(text: string): string[] {
  const holders: string[] = [];
  for (const line of text.split('\n')) {
    if (holders.length >= MAX_COPYRIGHT_LINES) break;
    const match = /(?:©|\(c\)|\bcopyright\b)/i.exec(line);
    if (match === null) continue;
    let holder = line.slice(match.index, match.index + MAX_FIELD_LENGTH);
    // Leading marks and years: "Copyright © 2009-2026", "(c) 2026,".
    holder = holder.replace(/^(?:\s*(?:©|\(c\)|copyright|\d{4}(?:\s*[-–—]\s*(?:\d{4}|present))?|[,:])\s*)+/i, '');
    // Everything from the first separator on: "All rights reserved", "ABN ...", " | Privacy".
    holder = holder.split(/\s[|•·–—-]\s|\ball rights reserved\b|\b(?:abn|acn|arbn)\b|\bpowered by\b/i)[0] ?? '';
    // A trailing year ("Acme Widgets 2026") and trailing punctuation.
    holder = holder.replace(/[\s,]+\d{4}\s*$/, '').replace(/[\s.,;:]+$/, '');
    const value = clean(holder);
    if (value !== null && /\p{L}/u.test(value)) holders.push(value);
  }
  return [...new Set(holders)];
}

const PARKED =
  /\b(?:this domain (?:name )?(?:is|may be) for sale|buy this domain|domain (?:name )?for sale|this domain is parked|parked (?:free|domain)|domain parking)\b/i;

export function extractPageEvidence(html: string): PageEvidence {
  const meta = new Map<string, string>();
  let metaRefreshUrl: string | null = null;
  for (const match of html.matchAll(/<meta\b([^>]*)>/gi)) {
    const attrs = attributes(match[1] ?? '');
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
    const content = attrs.get('content');
    if (key !== '' && content !== undefined && !meta.has(key)) meta.set(key, content);
    if ((attrs.get('http-equiv') ?? '').toLowerCase() === 'refresh' && content !== undefined && metaRefreshUrl === null) {
      metaRefreshUrl = clean(/url\s*=\s*['"]?([^'"\s]+)/i.exec(content)?.[1]);
    }
  }
  let canonicalUrl: string | null = null;
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(match[1] ?? '');
    if ((attrs.get('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical')) {
      canonicalUrl = clean(attrs.get('href'));
      break;
    }
  }
  const organisations: PageOrganisation[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = (attributes(match[1] ?? '').get('type') ?? '').toLowerCase().trim();
    if (type !== 'application/ld+json') continue;
    try {
      organisations.push(...organisationsOf(JSON.parse(match[2] ?? '')));
    } catch {
      // Malformed JSON-LD is common; it simply says nothing.
    }
  }
  const text = visibleText(html);
  return {
    title: clean(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1]),
    ogSiteName: clean(meta.get('og:site_name')),
    ogTitle: clean(meta.get('og:title')),
    applicationName: clean(meta.get('application-name')),
    canonicalUrl,
    metaRefreshUrl,
    organisations: organisations.slice(0, MAX_JSON_LD_NODES),
    copyrightHolders: copyrightHolders(text),
    parked: PARKED.test(text),
  };
}

/** A title's brand-bearing segments: "Acme Widgets | Industrial widgets - Sydney" -> itself and each part. */
export function titleSegments(title: string): string[] {
  const parts = title
    .split(/\s+[|•·–—:-]\s+|\s*[|•·]\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return [...new Set([title, ...parts])];
}
