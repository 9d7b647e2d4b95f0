/**
 * Registry look-ups by identifier (the enrichment port RegistryLookups): ABN and ACN through ABN Lookup's
 * AbnDetails/AcnDetails, Companies House numbers and aggregator ids through OpenCorporates' company by id.
 * Used to check identifiers an agent claims before they are stored, and to verify an organisation from
 * registry evidence.
 *
 * Conventions (ports.ts): a clean miss is `{ ok: true, value: null }`, a provider failure is a value, never
 * thrown.
 * - A number that cannot be on the register (ABN/ACN check digits, CH number format, aggregator id shape)
 *   is a miss answered without any request.
 * - ABR: "No record found" (and "not a valid ABN or ACN", should the ABR disagree with our check digits) is
 *   a miss; an unknown GUID is a `configuration` failure; no GUID is a `configuration` failure without a
 *   request. Which is which comes from the client's reading of the documented messages table, never from
 *   the text here. ABN details share the search hydration's provider-cache entry (`abr:details:<abn>`,
 *   1 hour), both ways; misses and failures are not cached. ACN look-ups are not cached.
 * - OpenCorporates: the registry's `getCompany` (its 30-day cache, quota breaker and 404-as-miss included).
 * - GLEIF: the LEI's record with its parents (a day's cache, 404 a miss); without the adapter, a `configuration` failure.
 */
import type { ProviderCache } from '../cache/provider-cache';
import type { Log } from '../../server/ports';
import { isValidAbn, isValidAcn, isValidLei, normaliseCompaniesHouseNumber, normaliseIdentifierValue } from '../../core/identifiers';
import type { ProviderResult, RegistryLookups, RegistryRecord } from '../../server/enrichment/ports';
import type { AbrCallResult, AbrClient } from './abr/client';
import type { AbnDetailsPayload } from './abr/schemas';
import { abrDetailsCache } from './abr/adapter';
import { toRegistryRecord as abrRecord } from './abr/record-transform';
import type { OpenCorporatesRegistry } from './opencorporates/adapter';
import { toRegistryRecord as openCorporatesRecord } from './opencorporates/record-transform';
import type { GleifRegistry } from './gleif/adapter';
import { toRegistryRecord as gleifRecord } from './gleif/transform';

export interface RegistryLookupsOptions {
  abr: {
    /** The ABR HTTP client (`createConfiguredAbrClient`); undefined when ABR_GUID is unset: ABN/ACN look-ups report a configuration failure. */
    client: AbrClient | undefined;
    /** The shared provider cache (the same entries as the search's details hydration). */
    cache: ProviderCache;
    log: Log;
  };
  openCorporates: OpenCorporatesRegistry;
  /** The LEI register; without it LEI look-ups report a configuration failure. */
  gleif?: GleifRegistry;
  log: Log;
}

type LookupResult = ProviderResult<RegistryRecord | null>;

const miss: LookupResult = { ok: true, value: null };

/**
 * `gb/01234567`, `us_de/7345678`, `de/K1101R_HRB150148`: jurisdiction code, one slash, the company number as
 * the aggregator writes it (the stored OPENCORPORATES value; a value run through normaliseIdentifierValue
 * has lost its slash and is not an id any more).
 */
const AGGREGATOR_ID = /^([a-z]{2}(?:_[a-z0-9]+)?)\/([^/]+)$/i;

export function createRegistryLookups(options: RegistryLookupsOptions): RegistryLookups {
  const abrLog = options.abr.log;
  const abr = options.abr.client;
  const detailsCache = abrDetailsCache(options.abr.cache, abrLog);
  const notConfigured: LookupResult = {
    ok: false,
    failure: { kind: 'configuration', message: 'ABR_GUID is not set: ABN and ACN look-ups are not configured' },
  };

  /** A details answer as the port's result: a found record, a miss, or a failure. */
  function fromDetails(result: AbrCallResult<AbnDetailsPayload>, lookup: 'ABN' | 'ACN'): LookupResult {
    if (result.ok) return { ok: true, value: abrRecord(result.value) };
    switch (result.applicationError) {
      case 'no-record':
      case 'invalid-number':
        return miss;
      case 'unknown-guid':
        abrLog.warn({ failure: result.failure, lookup }, 'ABR did not recognise the GUID');
        return { ok: false, failure: { kind: 'configuration', message: `ABR_GUID was rejected by the ABR (${result.failure.message})` } };
      default:
        abrLog.warn({ failure: result.failure, lookup }, 'ABR details look-up failed');
        return { ok: false, failure: result.failure };
    }
  }

  async function openCorporatesCompany(jurisdiction: string, number: string, signal: AbortSignal | undefined): Promise<LookupResult> {
    const result = await options.openCorporates.getCompany(jurisdiction, number, { signal });
    if (result.error !== null) {
      options.log.warn({ failure: result.error, jurisdiction }, 'OpenCorporates company look-up failed');
      return { ok: false, failure: result.error };
    }
    return { ok: true, value: result.payload === undefined ? null : openCorporatesRecord(result.payload) };
  }

  return {
    async byAbn(value, { signal } = {}) {
      const abn = normaliseIdentifierValue(value);
      if (!isValidAbn(abn)) return miss;
      if (!abr) return notConfigured;
      const cached = await detailsCache.read(abn);
      if (cached !== undefined) return { ok: true, value: abrRecord(cached) };
      const result = await abr.abnDetails(abn, signal);
      if (result.ok) await detailsCache.remember(abn, result.value);
      return fromDetails(result, 'ABN');
    },

    async byAcn(value, { signal } = {}) {
      const acn = normaliseIdentifierValue(value);
      if (!isValidAcn(acn)) return miss;
      if (!abr) return notConfigured;
      return fromDetails(await abr.acnDetails(acn, signal), 'ACN');
    },

    async byCompaniesHouseNumber(value, { signal } = {}) {
      const number = normaliseCompaniesHouseNumber(value);
      if (number === undefined) return miss;
      return openCorporatesCompany('gb', number, signal);
    },

    async byAggregatorId(id, { signal } = {}) {
      const match = AGGREGATOR_ID.exec(id.trim());
      const jurisdiction = match?.[1];
      const number = match?.[2]?.trim();
      if (jurisdiction === undefined || number === undefined || number === '') return miss;
      const code = jurisdiction.toLowerCase();
      // A British number as Companies House writes it (upper case, leading zeros), as search stores it.
      const companyNumber = code === 'gb' ? (normaliseCompaniesHouseNumber(number) ?? number) : number;
      return openCorporatesCompany(code, companyNumber, signal);
    },

    async byLei(value, { signal } = {}) {
      const lei = normaliseIdentifierValue(value);
      if (!isValidLei(lei)) return miss;
      if (options.gleif === undefined) return { ok: false, failure: { kind: 'configuration', message: 'the LEI register (GLEIF) is not configured' } };
      const result = await options.gleif.lookUpLei(lei, { signal });
      if (result.error !== null) {
        options.log.warn({ failure: result.error }, 'GLEIF LEI look-up failed');
        return { ok: false, failure: result.error };
      }
      return { ok: true, value: result.lookup === null ? null : gleifRecord(result.lookup) };
    },
  };
}
