/**
 * Monitoring's fresh registry reads (the RegistryReads port of src/server/monitoring): ABN and ACN through ABN Lookup's
 * details (the answer refreshes the search's cached details), Companies House numbers and aggregator ids through the
 * aggregator's company by id without its cache (its quota breaker still applies), LEIs through GLEIF without its cache.
 * Each answer becomes an observation (core/registry-observation.ts):
 *
 * - ABN Lookup: the entity name, its current business names, its ABN status;
 * - the aggregator: the company name and status (its previous names are former legal names, not trading names: a
 *   rename shows as the legal name changing);
 * - GLEIF: the legal name, its trading and other-language names (not the transliterations, which follow the legal
 *   name), the entity's status, the LEI's registration status, the direct and ultimate parents.
 *
 * A number that cannot be on its register is a miss without a request; failures are values.
 */
import { isValidAbn, isValidAcn, isValidLei, normaliseCompaniesHouseNumber, normaliseIdentifierValue } from '../../core/identifiers';
import type { RegistryObservation } from '../../core/registry-observation';
import type { ProviderResult } from '../../server/search/ports';
import type { RegistryReads } from '../../server/monitoring/ports';
import type { Env } from '../../config/env';
import type { ProviderCache } from '../cache/provider-cache';
import type { Log } from '../../server/ports';
import { abrDetailsCache } from './abr/adapter';
import { createConfiguredAbrClient, type AbrCallResult, type AbrClient } from './abr/client';
import type { AbnDetailsPayload } from './abr/schemas';
import { toRegistryRecord as abrRecord } from './abr/record-transform';
import { createGleifRegistryFromEnv, type GleifRegistry } from './gleif/adapter';
import { toLeiEntity } from './gleif/transform';
import { createOpenCorporatesRegistryFromEnv, type OpenCorporatesRegistry } from './opencorporates/adapter';
import { toRegistryRecord as openCorporatesRecord } from './opencorporates/record-transform';

export interface RegistryReadsOptions {
  abr: { client: AbrClient | undefined; cache: ProviderCache };
  openCorporates: OpenCorporatesRegistry;
  gleif: GleifRegistry;
  log: Log;
}

type Read = ProviderResult<RegistryObservation | null>;

const miss: Read = { ok: true, value: null };
const AGGREGATOR_ID = /^([a-z]{2}(?:_[a-z0-9]+)?)\/([^/]+)$/i;

export function createRegistryReads(options: RegistryReadsOptions): RegistryReads {
  const details = abrDetailsCache(options.abr.cache, options.log);

  function fromAbr(result: AbrCallResult<AbnDetailsPayload>): Read {
    if (!result.ok)
      return result.applicationError === 'no-record' || result.applicationError === 'invalid-number' ? miss : { ok: false, failure: result.failure };
    const record = abrRecord(result.value);
    if (record === null) return miss;
    return {
      ok: true,
      value: {
        legalName: record.name,
        businessNames: record.otherNames,
        registryStatus: record.registryStatus ?? { status: 'unknown', wording: null, date: null },
        leiRegistrationStatus: null,
        directParent: null,
        ultimateParent: null,
      },
    };
  }

  async function fromAggregator(jurisdiction: string, number: string, signal: AbortSignal | undefined): Promise<Read> {
    const result = await options.openCorporates.getCompany(jurisdiction, number, { signal, fresh: true });
    if (result.error !== null) return { ok: false, failure: result.error };
    const record = result.payload === undefined ? null : openCorporatesRecord(result.payload);
    if (record === null) return miss;
    return {
      ok: true,
      value: {
        legalName: record.name,
        businessNames: [],
        registryStatus: record.registryStatus ?? { status: 'unknown', wording: null, date: null },
        leiRegistrationStatus: null,
        directParent: null,
        ultimateParent: null,
      },
    };
  }

  return {
    async leisChangedSince(leis, since, { signal, beforeCall }) {
      const result = await options.gleif.leisChangedSince(leis, since, { signal, beforeCall });
      return result.ok ? { ok: true, value: result.updated } : result;
    },

    async read({ identifierType, identifierValue }, { signal }) {
      switch (identifierType) {
        case 'ABN': {
          const abn = normaliseIdentifierValue(identifierValue);
          if (!isValidAbn(abn)) return miss;
          if (options.abr.client === undefined) return { ok: false, failure: { kind: 'configuration', message: 'ABR_GUID is not set' } };
          const result = await options.abr.client.abnDetails(abn, signal);
          if (result.ok) await details.remember(abn, result.value);
          return fromAbr(result);
        }
        case 'ACN': {
          const acn = normaliseIdentifierValue(identifierValue);
          if (!isValidAcn(acn)) return miss;
          if (options.abr.client === undefined) return { ok: false, failure: { kind: 'configuration', message: 'ABR_GUID is not set' } };
          return fromAbr(await options.abr.client.acnDetails(acn, signal));
        }
        case 'CH': {
          const number = normaliseCompaniesHouseNumber(identifierValue);
          return number === undefined ? miss : fromAggregator('gb', number, signal);
        }
        case 'OPENCORPORATES': {
          const match = AGGREGATOR_ID.exec(identifierValue.trim());
          const jurisdiction = match?.[1]?.toLowerCase();
          const number = match?.[2]?.trim();
          if (jurisdiction === undefined || number === undefined || number === '') return miss;
          return fromAggregator(jurisdiction, jurisdiction === 'gb' ? (normaliseCompaniesHouseNumber(number) ?? number) : number, signal);
        }
        case 'LEI': {
          const lei = normaliseIdentifierValue(identifierValue);
          if (!isValidLei(lei)) return miss;
          const result = await options.gleif.lookUpLei(lei, { signal, fresh: true });
          if (result.error !== null) return { ok: false, failure: result.error };
          if (result.lookup === null) return miss;
          const entity = toLeiEntity(result.lookup);
          return {
            ok: true,
            value: {
              legalName: entity.legalName,
              businessNames: entity.otherNames,
              registryStatus: entity.registryStatus,
              leiRegistrationStatus: entity.registrationStatus,
              directParent: entity.directParent,
              ultimateParent: entity.ultimateParent,
            },
          };
        }
      }
    },
  };
}

/** The reads from configuration: the same clients (and shared cache entries) as the search's registries. */
export function createRegistryReadsFromEnv(
  env: Pick<Env, 'ABR_GUID' | 'ABR_BASE_URL' | 'OPENCORPORATES_API_TOKEN' | 'OPENCORPORATES_BASE_URL' | 'OPENCORPORATES_BREAKER_SECONDS' | 'GLEIF_BASE_URL'>,
  options: { cache: ProviderCache; log: Log },
): RegistryReads {
  const { cache, log } = options;
  return createRegistryReads({
    abr: { client: createConfiguredAbrClient({ guid: env.ABR_GUID, baseUrl: env.ABR_BASE_URL }), cache },
    openCorporates: createOpenCorporatesRegistryFromEnv(env, { cache, log }),
    gleif: createGleifRegistryFromEnv(env, { cache, log }),
    log,
  });
}
