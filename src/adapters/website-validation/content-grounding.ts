/**
 * Website validation, tier 2 decision (spec: Website validation, "the fetched page content must confirm
 * the name against the domain"; providers/enrichment.md 3.4). Pure: page evidence in, verdict out.
 *
 * - A parked page ("this domain is for sale") confirms nothing.
 * - Strong evidence, enough on its own: a schema.org Organization's name, legalName or alternateName, or
 *   a copyright holder, matching the name (nameMatchScore >= GROUNDING_NAME_THRESHOLD). A site states these
 *   about itself.
 * - Weak evidence: `og:site_name`, `application-name`, the title and `og:title` (and their segments).
 *   Directories and review sites put other companies' names in their titles, so these confirm the name
 *   only when the domain itself already has at least medium affinity (score >= MEDIUM_AFFINITY).
 * The served-by-the-domain rule (final URL after redirects on the candidate's registrable domain) is the
 * validator's, which knows the URLs.
 */
import { MEDIUM_AFFINITY, GROUNDING_NAME_THRESHOLD, nameMatchScore, type BrandAffinity } from '../../core/brand-affinity';
import { titleSegments, type PageEvidence } from './page-evidence';

export interface GroundingVerdict {
  accepted: boolean;
  score: number;
  reason: string;
}

interface Statement {
  field: string;
  value: string;
  strong: boolean;
}

function statements(evidence: PageEvidence): Statement[] {
  const out: Statement[] = [];
  for (const organisation of evidence.organisations) {
    if (organisation.legalName) out.push({ field: 'schema.org Organization legalName', value: organisation.legalName, strong: true });
    if (organisation.name) out.push({ field: 'schema.org Organization name', value: organisation.name, strong: true });
    for (const alternate of organisation.alternateNames) {
      out.push({ field: 'schema.org Organization alternateName', value: alternate, strong: true });
    }
  }
  for (const holder of evidence.copyrightHolders) out.push({ field: 'copyright line', value: holder, strong: true });
  if (evidence.ogSiteName) out.push({ field: 'og:site_name', value: evidence.ogSiteName, strong: false });
  if (evidence.applicationName) out.push({ field: 'application-name', value: evidence.applicationName, strong: false });
  for (const [field, title] of [
    ['title', evidence.title],
    ['og:title', evidence.ogTitle],
  ] as const) {
    if (title) for (const segment of titleSegments(title)) out.push({ field, value: segment, strong: false });
  }
  return out;
}

export function groundOnPage(name: string, evidence: PageEvidence, affinity: BrandAffinity): GroundingVerdict {
  if (evidence.parked) return { accepted: false, score: 0, reason: 'the page is a parked domain' };
  const scored = statements(evidence).map((statement) => ({ ...statement, score: nameMatchScore(name, statement.value) }));
  const matching = scored.filter((s) => s.score >= GROUNDING_NAME_THRESHOLD).sort((a, b) => Number(b.strong) - Number(a.strong) || b.score - a.score);
  const strong = matching.find((s) => s.strong);
  if (strong) return { accepted: true, score: strong.score, reason: `${strong.field} ${JSON.stringify(strong.value)} confirms the name` };
  const weak = matching[0];
  if (weak && affinity.score >= MEDIUM_AFFINITY) {
    return { accepted: true, score: weak.score, reason: `${weak.field} ${JSON.stringify(weak.value)} confirms the name (domain affinity ${affinity.grade})` };
  }
  if (weak) {
    return {
      accepted: false,
      score: weak.score,
      reason: `${weak.field} names the company but the domain affinity is ${affinity.grade} and no Organization or copyright line confirms it`,
    };
  }
  const best = scored.reduce((top, s) => Math.max(top, s.score), 0);
  return {
    accepted: false,
    score: best,
    reason: scored.length === 0 ? 'the page states no name (no title, Organization or copyright line)' : 'no name on the page matches the company name',
  };
}
