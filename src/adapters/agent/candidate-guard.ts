/**
 * The code-side guards on everything the model reports (providers/agent.md 5.4; spec: search-route rule 5,
 * Global (GLO) scope rule 3). One ledger per run remembers what `web_search` returned, so a reported website
 * must come from this run's results (provenance), and decides per report: accepted with a normalised
 * AgentCandidate, or rejected with a reason the model is told.
 */
import { z } from 'zod';
import { keyName, searchName } from '../../core/canonical-name';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { isValidAbn, isValidAcn, normaliseCompaniesHouseNumber, normaliseIdentifierValue } from '../../core/identifiers';
import type { Identifier } from '../../core/identifiers';
import { registrableDomain, toWebsiteUrl } from '../../core/website';
import type { AgentCandidate, DiscoveryQuery, WebSearchHit } from '../../server/search/ports';

/**
 * What the model sends to `report_candidate`. Model-facing, so every field is required and nullable
 * rather than optional, with no formats or lengths (OpenAI strict mode; providers/agent.md 2). The real
 * validation happens in {@link RunLedger.review}.
 */
export const reportCandidateInputSchema = z.object({
  name: z.string().describe('The organisation name as it writes it, with its legal form when known'),
  website: z.string().nullable().describe("The organisation's own homepage URL as it appeared in the search results, or null"),
  country: z.string().nullable().describe('ISO 3166-1 alpha-3 code of the country where it is headquartered'),
  description: z.string().describe('One plain-text sentence on what the organisation does'),
  identifiers: z
    .array(z.object({ type: z.string(), value: z.string() }))
    .describe('Registration numbers shown in the results, e.g. {type: "ABN", value: "51 824 753 556"}; [] when none'),
});
export type ReportCandidateInput = z.infer<typeof reportCandidateInputSchema>;

export const REJECTION_REASONS = [
  'invalid_name',
  'country_missing',
  'country_unmappable',
  'wrong_country',
  'website_invalid',
  'website_not_in_results',
  'name_not_in_results',
  'duplicate',
  'limit_reached',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export type Review = { accepted: true; candidate: AgentCandidate } | { accepted: false; reason: RejectionReason; message: string };

const MAX_NAME_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 500;
const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** Plain text: no markup, no control characters, single spaces, clipped. */
export function plainText(text: string, maxLength: number): string {
  const cleaned = text
    .replace(/<[^>]*>/g, ' ')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length <= maxLength ? cleaned : `${cleaned.slice(0, maxLength - 1).trimEnd()}…`;
}

/** Registry identifiers the agent may carry, checked and normalised; anything else is dropped. */
function normaliseIdentifiers(raw: readonly { type: string; value: string }[], country: string): Identifier[] {
  const out: Identifier[] = [];
  for (const { type, value } of raw) {
    const kind = type.trim().toUpperCase();
    const normalised = normaliseIdentifierValue(value);
    if (kind === 'ABN' && country === 'AUS' && isValidAbn(normalised)) out.push({ type: 'ABN', value: normalised });
    else if (kind === 'ACN' && country === 'AUS' && isValidAcn(normalised)) out.push({ type: 'ACN', value: normalised });
    else if (kind === 'CH' && country === 'GBR') {
      const number = normaliseCompaniesHouseNumber(value);
      if (number !== undefined) out.push({ type: 'CH', value: number });
    }
  }
  return out.filter((id, i) => out.findIndex((o) => o.type === id.type && o.value === id.value) === i);
}

/** The per-run memory of what the web returned and what was accepted. */
export class RunLedger {
  private readonly seenDomains = new Set<string>();
  private seenText = '';
  private readonly acceptedKeys = new Set<string>();
  private readonly acceptedDomains = new Set<string>();
  private accepted = 0;
  searches = 0;

  constructor(private readonly query: DiscoveryQuery) {}

  get acceptedCount(): number {
    return this.accepted;
  }

  /** Records the hits `web_search` showed the model in this run. */
  recordHits(hits: readonly WebSearchHit[]): void {
    for (const hit of hits) {
      const domain = registrableDomain(hit.url);
      if (domain !== undefined) this.seenDomains.add(domain);
      this.seenText += ` ${keyName(`${hit.title} ${hit.snippet}`)} `;
    }
  }

  review(input: ReportCandidateInput): Review {
    if (this.accepted >= this.query.limit) return reject('limit_reached', 'The requested number of organisations is reached; stop.');

    const name = plainText(input.name, MAX_NAME_LENGTH);
    if (name.length < 2 || keyName(name) === '') return reject('invalid_name', 'The name is empty or not a name.');

    const country = this.resolveCountry(input.country);
    if (!country.ok) return reject(country.reason, country.message);

    let website: string | null = null;
    if (input.website !== null && input.website.trim() !== '') {
      const url = toWebsiteUrl(input.website);
      const domain = url === undefined ? undefined : registrableDomain(url);
      if (url === undefined || domain === undefined) {
        return reject('website_invalid', 'The website is not a public http(s) website.');
      }
      if (!this.seenDomains.has(domain)) {
        return reject('website_not_in_results', 'That website never appeared in your web_search results in this run.');
      }
      if (this.acceptedDomains.has(domain)) return reject('duplicate', 'An organisation with this website was already reported.');
      website = url;
    } else if (!this.seenText.includes(` ${searchName(name)} `) && !this.seenText.includes(` ${keyName(name)} `)) {
      return reject('name_not_in_results', 'That name never appeared in your web_search results in this run.');
    }

    const key = `${country.alpha3}|${keyName(name)}`;
    if (this.acceptedKeys.has(key)) return reject('duplicate', 'This organisation was already reported.');

    this.acceptedKeys.add(key);
    if (website !== null) {
      const domain = registrableDomain(website);
      if (domain !== undefined) this.acceptedDomains.add(domain);
    }
    this.accepted += 1;
    return {
      accepted: true,
      candidate: {
        name,
        countryIsoAlpha3: country.alpha3,
        website,
        description: plainText(input.description, MAX_DESCRIPTION_LENGTH),
        identifiers: normaliseIdentifiers(input.identifiers, country.alpha3),
      },
    };
  }

  /**
   * Country mode: the requested country; a reported country must map to it (a null one means the model
   * kept to the instruction). GLO: the headquarters country is required and must map to a real alpha-3.
   */
  private resolveCountry(raw: string | null): { ok: true; alpha3: string } | { ok: false; reason: RejectionReason; message: string } {
    const requested = this.query.countryIsoAlpha3;
    const worldwide = requested === GLOBAL_SEARCH_SCOPE;
    const given = raw?.trim() ?? '';
    if (given === '') {
      if (worldwide) return { ok: false, reason: 'country_missing', message: 'The headquarters country is required.' };
      return { ok: true, alpha3: requested };
    }
    const alpha3 = countryFromAnything(given);
    if (alpha3 === undefined) {
      return { ok: false, reason: 'country_unmappable', message: 'The country is not an ISO 3166-1 country.' };
    }
    if (!worldwide && alpha3 !== requested) {
      return { ok: false, reason: 'wrong_country', message: `Only organisations headquartered in ${requested} qualify.` };
    }
    return { ok: true, alpha3 };
  }
}

function reject(reason: RejectionReason, message: string): Review {
  return { accepted: false, reason, message };
}
