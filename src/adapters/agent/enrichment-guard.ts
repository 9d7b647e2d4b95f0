/**
 * The code-side guards on what the enrichment agent submits (providers/agent.md 5.2, 5.4). The model-facing
 * `submit_profile` schemas are lenient (every field required and nullable, no formats or patterns: OpenAI
 * strict mode); everything is validated here afterwards, and a field that fails is dropped (null or left
 * out), never the whole profile. One ledger per phase run remembers what `web_search` returned, so a website
 * must come from this run's results and an identifier must appear in them (provenance): an invented or
 * injected value has nowhere to come from.
 */
import { z } from 'zod';
import { keyName } from '../../core/canonical-name';
import { ORGANISATION_TYPES, type OrganisationType } from '../../core/candidates';
import { type Identifier } from '../../core/identifiers';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { normaliseCompaniesHouseNumber, normaliseIdentifierValue } from '../../core/identifiers';
import { registrableDomain, toWebsiteUrl } from '../../core/website';
import type { AgentProfilePhase1, AgentProfilePhase2, EnrichmentSubject, ProviderFailure, RelatedCompany } from '../../server/enrichment/ports';
import type { WebSearchHit } from '../../server/search/ports';
import { plainText } from './candidate-guard';
import type { SearchLedger } from './tools';

export const MAX_DESCRIPTION_LENGTH = 600;
const MAX_NAME_LENGTH = 200;
const MAX_IDENTIFIER_TYPE_LENGTH = 40;
const MAX_IDENTIFIER_VALUE_LENGTH = 64;
const MAX_NAICS_CODES = 10;
const MAX_IDENTIFIERS = 10;
const MAX_SUBSIDIARIES = 20;
const MAX_EVIDENCE_URLS = 20;
const NAICS_CODE = /^\d{6}$/;
/** The web search failure kinds a phase reports as they are; any other (configuration, aborted) reads as `network`. */
const SEARCH_FAILURE_KINDS = ['http', 'timeout', 'network', 'malformed'] as const;

const relatedCompanySchema = z.object({
  name: z.string().describe('Its name as written, with its legal form when known'),
  website: z.string().nullable().describe('Its own homepage URL as it appeared in your search results, or null'),
  country: z.string().nullable().describe('ISO 3166-1 alpha-3 code of its headquarters country, or null'),
});

/** What the model sends to `submit_profile` in phase 1. */
export const phase1SubmissionSchema = z.object({
  description: z
    .string()
    .nullable()
    .describe(`What the organisation does: one to three plain-text sentences, at most ${MAX_DESCRIPTION_LENGTH} characters; null when unknown`),
  website: z.string().nullable().describe("The organisation's own homepage URL as it appeared in your search results; null when unknown"),
  type: z.string().nullable().describe('ProprietaryLimited, PublicLimited or SoleProprietor, only when the results state the legal form; otherwise null'),
});
export type Phase1Submission = z.infer<typeof phase1SubmissionSchema>;

/** What the model sends to `submit_profile` in phase 2. */
export const phase2SubmissionSchema = z.object({
  country: z.string().nullable().describe('ISO 3166-1 alpha-3 code of the headquarters country, or null when unknown'),
  naicsCodes: z.array(z.string()).describe('Six-digit NAICS 2017 codes of its main activities, most important first; [] when unsure'),
  identifiers: z
    .array(z.object({ type: z.string(), value: z.string() }))
    .describe('Registration numbers shown in the results, e.g. {type: "ABN", value: "51 824 753 556"}; [] when none'),
  legalName: z.string().nullable().describe('The registered legal name when the results state it, else null'),
  parent: relatedCompanySchema.nullable().describe('The organisation that owns it, or null'),
  subsidiaries: z.array(relatedCompanySchema).describe('Organisations it owns; [] when none are shown'),
});
export type Phase2Submission = z.infer<typeof phase2SubmissionSchema>;

/** A field the guards removed from a submission, and why (logged; the model is not asked again). */
export interface DroppedClaim {
  field: string;
  reason: string;
  value: string;
}

export interface Reviewed<T> {
  profile: T;
  dropped: DroppedClaim[];
}

/** The per-phase memory of what `web_search` returned. */
export class EvidenceLedger implements SearchLedger {
  searches = 0;
  /** Searches that answered (with or without hits). */
  answeredSearches = 0;
  /** The last search failure, by the search adapter's kind and status. */
  searchFailure: ProviderFailure | undefined;
  private readonly domains = new Set<string>();
  private readonly urls: string[] = [];
  /** Titles, snippets and URLs in identifier form (no spaces, dashes or dots), for "does this number appear". */
  private identifierText = '';

  recordHits(hits: readonly WebSearchHit[]): void {
    this.answeredSearches += 1;
    for (const hit of hits) {
      const domain = registrableDomain(hit.url);
      if (domain !== undefined) this.domains.add(domain);
      if (!this.urls.includes(hit.url)) this.urls.push(hit.url);
      this.identifierText += ` ${normaliseIdentifierValue(`${hit.title} ${hit.snippet} ${hit.url}`)} `;
    }
  }

  recordFailure(failure: ProviderFailure): void {
    const { kind, status, message } = failure;
    const known = SEARCH_FAILURE_KINDS.find((k) => k === kind);
    this.searchFailure = { kind: known ?? 'network', ...(status === undefined ? {} : { status }), message: `web search: ${message}` };
  }

  /** True when the run searched and no search answered: nothing it submits was researched. */
  get searchUnavailable(): boolean {
    return this.searchFailure !== undefined && this.answeredSearches === 0;
  }

  /** The result URLs this run saw, in the order seen. */
  get evidenceUrls(): string[] {
    return this.urls.slice(0, MAX_EVIDENCE_URLS);
  }

  sawDomain(domain: string): boolean {
    return this.domains.has(domain);
  }

  /** True when the identifier value appears in what the searches returned. */
  mentions(normalisedValue: string): boolean {
    return normalisedValue !== '' && this.identifierText.includes(normalisedValue);
  }
}

/** Phase 1: plain-text description, a website from this run's results, one of the three types or null. */
export function reviewPhase1(input: Phase1Submission, ledger: EvidenceLedger): Reviewed<AgentProfilePhase1> {
  const dropped: DroppedClaim[] = [];
  const description = input.description === null ? '' : plainText(input.description, MAX_DESCRIPTION_LENGTH);
  const website = seenWebsite(input.website, ledger, 'website', dropped);
  let type: OrganisationType | null = null;
  const claimedType = input.type?.trim() ?? '';
  if (claimedType !== '') {
    type = ORGANISATION_TYPES.find((t) => t.toLowerCase() === claimedType.toLowerCase()) ?? null;
    if (type === null) dropped.push({ field: 'type', reason: 'not one of the three organisation types', value: clip(claimedType) });
  }
  return {
    profile: { description: description === '' ? null : description, website, type, evidenceUrls: ledger.evidenceUrls },
    dropped,
  };
}

/**
 * Phase 2. The country is the subject's own when it is known (a claim of another country is dropped: the
 * registry knows better than a web page); otherwise the claim normalised to alpha-3, or null. NAICS codes
 * are format-checked only (the orchestrator keeps existing leaf codes). Identifiers must appear in the
 * results or be the subject's own.
 */
export function reviewPhase2(input: Phase2Submission, ledger: EvidenceLedger, subject: EnrichmentSubject): Reviewed<AgentProfilePhase2> {
  const dropped: DroppedClaim[] = [];
  const known = subject.countryIsoAlpha3 !== null && subject.countryIsoAlpha3 !== GLOBAL_SEARCH_SCOPE ? subject.countryIsoAlpha3 : null;
  const claimed = normaliseCountry(input.country, 'country', dropped);
  if (known !== null && claimed !== null && claimed !== known) {
    dropped.push({ field: 'country', reason: `differs from the subject's country ${known}`, value: claimed });
  }

  const naicsCodes: string[] = [];
  for (const raw of input.naicsCodes) {
    const code = raw.trim();
    if (!NAICS_CODE.test(code)) dropped.push({ field: 'naicsCodes', reason: 'not six digits', value: clip(raw) });
    else if (!naicsCodes.includes(code) && naicsCodes.length < MAX_NAICS_CODES) naicsCodes.push(code);
  }

  const ownValues = new Set(subject.identifiers.map((id) => normaliseIdentifierValue(id.value)));
  const identifiers: Identifier[] = [];
  for (const raw of input.identifiers) {
    const identifier = normaliseIdentifier(raw);
    if (identifier === undefined) {
      dropped.push({ field: 'identifiers', reason: 'empty or over-long', value: clip(`${raw.type} ${raw.value}`) });
    } else if (!ownValues.has(normaliseIdentifierValue(identifier.value)) && !ledger.mentions(normaliseIdentifierValue(identifier.value))) {
      dropped.push({ field: 'identifiers', reason: 'not in the search results', value: clip(`${identifier.type} ${identifier.value}`) });
    } else if (!identifiers.some((id) => id.type === identifier.type && id.value === identifier.value) && identifiers.length < MAX_IDENTIFIERS) {
      identifiers.push(identifier);
    }
  }

  const legalName = input.legalName === null ? '' : plainText(input.legalName, MAX_NAME_LENGTH);
  const parent = input.parent === null ? null : relatedCompany(input.parent, ledger, 'parent', dropped);
  const subsidiaries: RelatedCompany[] = [];
  for (const raw of input.subsidiaries) {
    const company = relatedCompany(raw, ledger, 'subsidiaries', dropped);
    if (company === null || subsidiaries.length >= MAX_SUBSIDIARIES) continue;
    if (subsidiaries.some((s) => keyName(s.name) === keyName(company.name))) continue;
    subsidiaries.push(company);
  }

  return {
    profile: {
      countryIsoAlpha3: known ?? claimed,
      naicsCodes,
      identifiers,
      legalName: legalName === '' ? null : legalName,
      parent,
      subsidiaries,
      evidenceUrls: ledger.evidenceUrls,
    },
    dropped,
  };
}

/** A public http(s) website whose registrable domain appeared in this run's results; null otherwise. */
function seenWebsite(raw: string | null, ledger: EvidenceLedger, field: string, dropped: DroppedClaim[]): string | null {
  const given = raw?.trim() ?? '';
  if (given === '') return null;
  const url = toWebsiteUrl(given);
  const domain = url === undefined ? undefined : registrableDomain(url);
  if (url === undefined || domain === undefined) {
    dropped.push({ field, reason: 'not a public http(s) website', value: clip(given) });
    return null;
  }
  if (!ledger.sawDomain(domain)) {
    // How an invented or injected website shows up.
    dropped.push({ field, reason: 'never appeared in the web_search results of this run', value: clip(given) });
    return null;
  }
  return url;
}

/** Alpha-2, alpha-3 or an English name to alpha-3; null (recorded as dropped) when unmappable. Never GLO. */
function normaliseCountry(raw: string | null, field: string, dropped: DroppedClaim[]): string | null {
  const given = raw?.trim() ?? '';
  if (given === '') return null;
  const alpha3 = countryFromAnything(given);
  if (alpha3 === undefined || alpha3 === GLOBAL_SEARCH_SCOPE) {
    dropped.push({ field, reason: 'not an ISO 3166-1 country', value: clip(given) });
    return null;
  }
  return alpha3;
}

function relatedCompany(
  raw: { name: string; website: string | null; country: string | null },
  ledger: EvidenceLedger,
  field: string,
  dropped: DroppedClaim[],
): RelatedCompany | null {
  const name = plainText(raw.name, MAX_NAME_LENGTH);
  if (name.length < 2 || keyName(name) === '') {
    dropped.push({ field, reason: 'the name is empty or not a name', value: clip(raw.name) });
    return null;
  }
  return {
    name,
    website: seenWebsite(raw.website, ledger, `${field}.website`, dropped),
    countryIsoAlpha3: normaliseCountry(raw.country, `${field}.country`, dropped),
  };
}

/**
 * `{type, value}` with the type upper-cased (ABN, ACN, CH, LEI, or whatever else the model names) and the
 * value in lookup form for the registry types, so the orchestrator's check-digit and registry checks get
 * the form they expect. Undefined when empty or over-long.
 */
function normaliseIdentifier(raw: { type: string; value: string }): Identifier | undefined {
  const type = plainText(raw.type, MAX_IDENTIFIER_TYPE_LENGTH + 1).toUpperCase();
  const text = plainText(raw.value, MAX_IDENTIFIER_VALUE_LENGTH + 1);
  if (type === '' || type.length > MAX_IDENTIFIER_TYPE_LENGTH || text === '' || text.length > MAX_IDENTIFIER_VALUE_LENGTH) return undefined;
  let value: string;
  if (type === 'CH') value = normaliseCompaniesHouseNumber(text) ?? normaliseIdentifierValue(text);
  else if (type === 'ABN' || type === 'ACN' || type === 'LEI') value = normaliseIdentifierValue(text);
  else value = text;
  return value === '' ? undefined : { type, value };
}

function clip(value: string): string {
  return plainText(value, 120);
}
