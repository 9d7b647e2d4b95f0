/**
 * Website validation, tier 1 (spec: Website validation, "graded brand-to-domain name affinity (accepts
 * above a threshold)"; providers/enrichment.md 3.1-3.3). Pure: no fetching, no I/O.
 *
 * Brand forms of a name (enrichment.md 3.2): a register name is split into its parts ("X t/a Y",
 * "X trading as Y", "X ATF Y", "The Trustee for Y"); each part gives its searchName tokens (key form, legal
 * forms stripped, leading "the" dropped) and its distinctive tokens (without WEAK_TOKENS and linking words).
 *
 * The domain label (3.1): the label left of the ICANN public suffix of the registrable domain
 * (`shop.acme-widgets.com.au` -> `acme-widgets`), in Unicode, folded like a name; its hyphens and digit runs
 * split it into parts; "squashed" means without spaces or hyphens. A site on a shared platform
 * (`acme.myshopify.com`, `acme.github.io`: tldts' private suffixes) uses the label left of that platform's
 * suffix and is weaker evidence (score x SHARED_PLATFORM_FACTOR, so it is never accepted at tier 1).
 *
 * Scoring rule: the highest of these grades over the name's brand forms (enrichment.md 3.3):
 *   1.00 strong  label equals the squashed brand ("Acme Widgets Pty Ltd" / acmewidgets.com.au)
 *   0.95 strong  label equals the squashed distinctive tokens ("BHP Group Limited" / bhp.com)
 *   0.90 strong  label equals an acronym of 3+ letters of the brand tokens, of the distinctive tokens or of
 *                the full key name ("Australian Broadcasting Corporation" / abc.net.au)
 *   0.75 medium  label with a brand affix removed equals the brand (getacme.com, acmehq.com, acmegroup.com.au)
 *   0.70 medium  label equals the first distinctive token (4+ letters) or the first two tokens squashed
 *   0.65 medium  label spells every distinctive token by an in-order prefix of 2+ letters, weak tokens
 *                optional ("Commonwealth Bank of Australia" / commbank.com.au)
 *   0.60 medium  Jaro-Winkler >= 0.92 between the label and the squashed brand or distinctive tokens
 *   <= 0.50 weak token coverage: 0.5 x (share of distinctive tokens found in the label) x (share of the
 *                label they explain), or 0.4 x Jaro-Winkler, whichever is higher
 * A name whose tokens are all weak ("Global Services Pty Ltd") is capped at 0.5 (never more than weak).
 * Social, marketplace, directory and registry hosts (NON_OFFICIAL_DOMAINS), IP literals and hosts outside
 * the ICANN list score 0 and are rejected outright.
 *
 * Accepted at tier 1 when score >= BRAND_AFFINITY_THRESHOLD (0.85): the strong grades only. Medium and
 * weak go to content grounding (tier 2), as enrichment.md 3.3 says ("Accept on strong").
 */
import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { keyName, searchName } from './canonical-name';
import { jaroWinkler } from './similarity';
import { normaliseWebsiteHost } from './website';

/** Tier 1 accepts at or above this score (the strong grades). */
export const BRAND_AFFINITY_THRESHOLD = 0.85;
/** Scores at or above this are medium evidence: a page title or og:site_name can then confirm the name. */
export const MEDIUM_AFFINITY = 0.6;
/** Two names match in content grounding (a name a site states against ours) at or above this; registered names use name-match.ts's REGISTERED_NAME_THRESHOLD. */
export const GROUNDING_NAME_THRESHOLD = 0.92;
/** A site on a shared platform (myshopify.com, github.io, ...) is weaker evidence. */
export const SHARED_PLATFORM_FACTOR = 0.8;

/** Words a company's domain may leave out (enrichment.md 3.2 step 5). */
export const WEAK_TOKENS: ReadonlySet<string> = new Set([
  'group',
  'holdings',
  'holding',
  'australia',
  'australian',
  'aust',
  'aus',
  'services',
  'service',
  'solutions',
  'global',
  'international',
  'enterprises',
  'enterprise',
  'industries',
  'co',
  'company',
  'trust',
  'trustee',
  'nz',
]);

/** Linking words, never part of a brand on their own and skipped by acronyms. */
const LINKING_WORDS: ReadonlySet<string> = new Set(['the', 'and', 'of', 'for', 'a', 'an', 'de', 'la', 'le', 'et', 'und']);

/** Affixes brands add to their domain (enrichment.md 3.3, medium). */
const DOMAIN_PREFIXES = ['hello', 'get', 'try', 'use', 'the', 'my', 'go'];
const DOMAIN_SUFFIXES = ['australia', 'online', 'group', 'aus', 'app', 'hq', 'au', 'co', 'inc'];

/**
 * Registrable domains that are never a company's official website: social networks, marketplaces,
 * business directories, registries and encyclopaedias (enrichment.md 3.1 "social/marketplace hosts").
 * A company that IS one of these platforms is rejected too; that trade-off is deliberate.
 */
export const NON_OFFICIAL_DOMAINS: ReadonlySet<string> = new Set([
  'facebook.com',
  'fb.com',
  'instagram.com',
  'linkedin.com',
  'twitter.com',
  'x.com',
  'youtube.com',
  'tiktok.com',
  'pinterest.com',
  'reddit.com',
  'medium.com',
  'threads.net',
  'wikipedia.org',
  'wikidata.org',
  'crunchbase.com',
  'bloomberg.com',
  'zoominfo.com',
  'dnb.com',
  'glassdoor.com',
  'glassdoor.com.au',
  'indeed.com',
  'seek.com.au',
  'opencorporates.com',
  'business.gov.au',
  'asic.gov.au',
  'abnlookup.net',
  'abn.org.au',
  'yellowpages.com.au',
  'whitepages.com.au',
  'truelocal.com.au',
  'hotfrog.com.au',
  'localsearch.com.au',
  'startlocal.com.au',
  'yelp.com',
  'yelp.com.au',
  'tripadvisor.com',
  'tripadvisor.com.au',
  'productreview.com.au',
  'trustpilot.com',
  'gumtree.com.au',
  'ebay.com',
  'ebay.com.au',
  'amazon.com',
  'amazon.com.au',
  'etsy.com',
  'airtasker.com',
  'hipages.com.au',
  'oneflare.com.au',
  'google.com',
  'google.com.au',
  'goo.gl',
  'bing.com',
  'apple.com',
]);

export type AffinityGrade = 'strong' | 'medium' | 'weak' | 'none';

export interface BrandAffinity {
  /** 0..1, see the scoring rule above. */
  score: number;
  grade: AffinityGrade;
  /** score >= the threshold. */
  accepted: boolean;
  /**
   * Rejected outright (not a public website, a social/marketplace/directory host, a name without letters
   * or digits): no page content can make it official, so there is nothing to ground.
   */
  rejectedOutright: boolean;
  /** Which rule gave the score, for logs and the CLI. */
  rule: string;
  /** The registrable domain compared, when there is one. */
  domain: string | null;
  /** The domain label compared (Unicode, folded), when there is one. */
  label: string | null;
}

/** One brand form of a name. */
interface BrandForm {
  /** searchName tokens. */
  tokens: string[];
  /** tokens without weak and linking words. */
  distinctive: string[];
  /** All key-name tokens of the part, legal forms included (for acronyms such as ABC). */
  keyTokens: string[];
}

const TRADING_SPLIT = /\s+(?:t\/a|t\/as|trading\s+as|atf|as\s+trustee\s+for|formerly)\s+/iu;
const TRUSTEE_PREFIX = /^\s*the\s+trustee\s+for\s+/iu;

/**
 * Brand forms of a name: each part of a register name ("X t/a Y", "X ATF Y", "The Trustee for Y"), in key
 * form without legal forms; parts without letters or digits are dropped.
 */
export function brandForms(name: string): BrandForm[] {
  const parts = name.replace(TRUSTEE_PREFIX, '').split(TRADING_SPLIT);
  const forms: BrandForm[] = [];
  for (const part of parts) {
    const tokens = searchName(part)
      .split(' ')
      .filter((t) => t !== '');
    if (tokens.length === 0) continue;
    forms.push({
      tokens,
      distinctive: tokens.filter((t) => !WEAK_TOKENS.has(t) && !LINKING_WORDS.has(t)),
      keyTokens: keyName(part)
        .split(' ')
        .filter((t) => t !== ''),
    });
  }
  return forms;
}

const squash = (tokens: readonly string[]): string => tokens.join('');

function acronym(tokens: readonly string[]): string {
  return tokens
    .filter((t) => !LINKING_WORDS.has(t))
    .map((t) => t[0] ?? '')
    .join('');
}

/** The domain label folded like a name: Unicode, lower case, no diacritics, hyphens and punctuation as spaces. */
function foldLabel(asciiLabel: string): string {
  const unicode = domainToUnicode(asciiLabel) || asciiLabel;
  return keyName(unicode.replace(/[-_]+/g, ' '));
}

interface DomainLabel {
  domain: string;
  /** Folded label with spaces where hyphens were. */
  spaced: string;
  /** Folded label without spaces. */
  squashed: string;
  /** Parts split on hyphens and digit runs. */
  parts: string[];
  sharedPlatform: boolean;
}

function domainLabel(website: string): DomainLabel | undefined {
  const host = normaliseWebsiteHost(website);
  if (host === undefined) return undefined;
  const icann = parse(host);
  const withPrivate = parse(host, { allowPrivateDomains: true });
  if (icann.domain === null || icann.domainWithoutSuffix === null) return undefined;
  const sharedPlatform =
    withPrivate.publicSuffix !== null &&
    icann.publicSuffix !== null &&
    withPrivate.publicSuffix.length > icann.publicSuffix.length &&
    withPrivate.domainWithoutSuffix !== null &&
    withPrivate.domainWithoutSuffix !== '';
  const raw = sharedPlatform && withPrivate.domainWithoutSuffix ? withPrivate.domainWithoutSuffix : icann.domainWithoutSuffix;
  const spaced = foldLabel(raw);
  if (spaced === '') return undefined;
  return {
    domain: sharedPlatform && withPrivate.domain ? withPrivate.domain : icann.domain,
    spaced,
    squashed: spaced.replace(/ /g, ''),
    parts: spaced.split(/[\s\d]+/).filter((p) => p !== ''),
    sharedPlatform,
  };
}

/** The ICANN registrable domain, used for the non-official list (a shared platform's own domain too). */
function icannDomain(website: string): string | undefined {
  const host = normaliseWebsiteHost(website);
  return host === undefined ? undefined : (parse(host).domain ?? undefined);
}

/** True for social, marketplace, directory and registry hosts (never an official website). */
export function isNonOfficialDomain(website: string): boolean {
  const domain = icannDomain(website);
  return domain !== undefined && NON_OFFICIAL_DOMAINS.has(domain);
}

/** Can `label` be spelled by in-order prefixes (2+ letters) of every distinctive token, weak tokens optional? */
function spelledByPrefixes(label: string, tokens: readonly string[]): boolean {
  const required = tokens.map((t) => !WEAK_TOKENS.has(t) && !LINKING_WORDS.has(t));
  if (!required.some(Boolean)) return false;
  const walk = (at: number, index: number): boolean => {
    if (index === tokens.length) return at === label.length;
    const token = tokens[index] ?? '';
    if (!required[index] && walk(at, index + 1)) return true;
    for (let length = Math.min(token.length, label.length - at); length >= 2; length -= 1) {
      if (label.startsWith(token.slice(0, length), at) && walk(at + length, index + 1)) return true;
    }
    return false;
  };
  return walk(0, 0);
}

function withoutAffixes(label: string): string[] {
  const out: string[] = [];
  for (const prefix of DOMAIN_PREFIXES) if (label.startsWith(prefix) && label.length > prefix.length + 1) out.push(label.slice(prefix.length));
  for (const suffix of DOMAIN_SUFFIXES) if (label.endsWith(suffix) && label.length > suffix.length + 1) out.push(label.slice(0, -suffix.length));
  return out;
}

interface Graded {
  score: number;
  rule: string;
}

function gradeForm(form: BrandForm, label: DomainLabel): Graded {
  const L = label.squashed;
  const brand = squash(form.tokens);
  const distinctive = squash(form.distinctive);
  const grades: Graded[] = [];
  if (L === brand) grades.push({ score: 1, rule: 'label is the name' });
  if (distinctive !== '' && L === distinctive) grades.push({ score: 0.95, rule: 'label is the name without generic words' });
  const acronyms = [acronym(form.tokens), acronym(form.distinctive), acronym(form.keyTokens)].filter((a) => a.length >= 3);
  if (acronyms.includes(L)) grades.push({ score: 0.9, rule: 'label is the acronym of the name' });
  if (withoutAffixes(L).some((stripped) => stripped === brand || (distinctive !== '' && stripped === distinctive))) {
    grades.push({ score: 0.75, rule: 'label is the name with a brand affix' });
  }
  const first = form.distinctive[0] ?? '';
  if (first.length >= 4 && L === first) grades.push({ score: 0.7, rule: 'label is the first word of the name' });
  for (let words = 2; words < form.tokens.length; words += 1) {
    if (L === squash(form.tokens.slice(0, words))) grades.push({ score: 0.7, rule: 'label is the first words of the name' });
  }
  if (spelledByPrefixes(L, form.tokens)) grades.push({ score: 0.65, rule: 'label abbreviates the words of the name' });
  const similarity = Math.max(typoSimilarity(L, brand), distinctive === '' ? 0 : typoSimilarity(L, distinctive));
  if (similarity >= GROUNDING_NAME_THRESHOLD) grades.push({ score: 0.6, rule: 'label is spelled almost like the name' });
  const words = form.distinctive.filter((t) => t.length >= 3);
  if (words.length > 0) {
    const found = words.filter((t) => L.includes(t));
    const explained = Math.min(1, found.reduce((n, t) => n + t.length, 0) / L.length);
    grades.push({ score: 0.5 * (found.length / words.length) * explained, rule: 'label contains words of the name' });
  }
  grades.push({ score: 0.4 * Math.max(jaroWinkler(L, brand), jaroWinkler(L, distinctive)), rule: 'label resembles the name' });
  const best = grades.reduce((a, b) => (b.score > a.score ? b : a));
  if (form.distinctive.length === 0 && best.score > 0.5) return { score: 0.5, rule: `${best.rule} (generic name)` };
  return best;
}

/**
 * Jaro-Winkler for spelling variants only: it rewards a shared prefix so much that "acmewidgets" and
 * "acmewidgetsreviews" score 0.92, so when the lengths differ by more than 2 the score is scaled by the
 * length ratio.
 */
function typoSimilarity(a: string, b: string): number {
  const similarity = jaroWinkler(a, b);
  if (Math.abs(a.length - b.length) <= 2) return similarity;
  return (similarity * Math.min(a.length, b.length)) / Math.max(a.length, b.length);
}

function gradeOf(score: number): AffinityGrade {
  if (score >= BRAND_AFFINITY_THRESHOLD) return 'strong';
  if (score >= MEDIUM_AFFINITY) return 'medium';
  if (score >= 0.3) return 'weak';
  return 'none';
}

const round = (score: number) => Math.round(score * 1000) / 1000;

/**
 * Tier 1: how strongly a website's domain stands for a company name (see the scoring rule at the top).
 * `threshold` defaults to BRAND_AFFINITY_THRESHOLD.
 */
export function brandAffinity(name: string, website: string, options: { threshold?: number } = {}): BrandAffinity {
  const threshold = options.threshold ?? BRAND_AFFINITY_THRESHOLD;
  const none = (rule: string, domain: string | null = null, label: string | null = null): BrandAffinity => ({
    score: 0,
    grade: 'none',
    accepted: false,
    rejectedOutright: true,
    rule,
    domain,
    label,
  });
  const label = domainLabel(website);
  if (label === undefined) return none('not a public website (IP address, unknown TLD or malformed)');
  if (isNonOfficialDomain(website)) return none('social, marketplace or directory site', label.domain, label.spaced);
  const forms = brandForms(name);
  if (forms.length === 0) return none('name has no letters or digits', label.domain, label.spaced);
  const best = forms.map((form) => gradeForm(form, label)).reduce((a, b) => (b.score > a.score ? b : a));
  const score = round(label.sharedPlatform ? best.score * SHARED_PLATFORM_FACTOR : best.score);
  const rule = label.sharedPlatform ? `${best.rule} (shared platform)` : best.rule;
  return {
    score,
    grade: gradeOf(score),
    accepted: score >= threshold,
    rejectedOutright: false,
    rule,
    domain: label.domain,
    label: label.spaced,
  };
}

/**
 * Tier 2 helper: how well a name stated on a page ("© 2026 Acme Widgets Pty Ltd", an Organization's
 * legalName, a title segment) matches the company name, 0..1:
 *   1     the brand forms are equal ("ACME WIDGETS PTY. LTD." / "Acme Widgets Pty Ltd")
 *   0.95  the distinctive tokens are equal and one side's generic words are among the other's
 *         ("BHP" / "BHP Group Limited"; not "Acme Holdings" / "Acme Industries")
 *   else  Jaro-Winkler of the squashed forms, scaled by the length ratio when the lengths differ by more
 *         than 2 (spelling variants only: "Sunbright" does not confirm "Sunbright Solar")
 * Generic names (all weak tokens) match only when equal. Confirmed at GROUNDING_NAME_THRESHOLD.
 */
export function nameMatchScore(name: string, stated: string): number {
  let best = 0;
  for (const x of brandForms(name)) {
    for (const y of brandForms(stated)) {
      if (squash(x.tokens) === squash(y.tokens)) return 1;
      const dx = squash(x.distinctive);
      const dy = squash(y.distinctive);
      if (dx === '' || dy === '') continue;
      const weakX = x.tokens.filter((t) => WEAK_TOKENS.has(t));
      const weakY = y.tokens.filter((t) => WEAK_TOKENS.has(t));
      const nested = weakX.every((t) => weakY.includes(t)) || weakY.every((t) => weakX.includes(t));
      if (dx === dy && nested) best = Math.max(best, 0.95);
      if (dx !== dy) best = Math.max(best, typoSimilarity(dx, dy));
      best = Math.max(best, typoSimilarity(squash(x.tokens), squash(y.tokens)));
    }
  }
  return round(best);
}
