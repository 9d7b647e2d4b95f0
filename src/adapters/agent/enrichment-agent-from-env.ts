/**
 * The EnrichmentAgent the composition root installs: the configured model plus the Brave web search, as
 * for the discovery agent. Without a model or a web-search key every phase answers a `configuration`
 * failure (a value, as the ports require), and the first call logs one warning naming the missing variables.
 */
import type { Env } from '../../config/env';
import type { Log } from '../../server/ports';
import type { EnrichmentAgent, ProviderResult } from '../../server/enrichment/ports';
import { createBraveWebSearchFromEnv } from '../web-search/adapter';
import { createEnrichmentAgent, type EnrichmentAgentOptions } from './enrichment-agent';
import { createLanguageModel } from './language-model';

export type EnrichmentAgentEnv = Pick<
  Env,
  'AGENT_PROVIDER' | 'AGENT_MODEL' | 'AGENT_BASE_URL' | 'AGENT_API_KEY' | 'WEB_SEARCH_API_KEY' | 'WEB_SEARCH_BASE_URL'
>;

export function createEnrichmentAgentFromEnv(
  env: EnrichmentAgentEnv,
  log: Log,
  limits: Omit<EnrichmentAgentOptions, 'model' | 'webSearch' | 'log'> = {},
): EnrichmentAgent {
  const model = createLanguageModel(env);
  const webSearch = createBraveWebSearchFromEnv(env, log);
  const missing = [...(model.ok ? [] : model.missing), ...(webSearch ? [] : ['WEB_SEARCH_API_KEY'])];
  if (!model.ok || !webSearch) return createUnconfiguredEnrichmentAgent(log, missing);
  log.info({ provider: model.provider, model: model.modelId }, 'enrichment agent configured');
  return createEnrichmentAgent({ model: model.model, webSearch, log, ...limits });
}

/** An agent that answers every phase with a configuration failure, and says why once. */
export function createUnconfiguredEnrichmentAgent(log: Log, missing: readonly string[]): EnrichmentAgent {
  let warned = false;
  const answer = async (): Promise<ProviderResult<never>> => {
    if (!warned) {
      warned = true;
      log.warn({ missing }, 'enrichment agent not configured: every phase answers a configuration failure');
    }
    return { ok: false, failure: { kind: 'configuration', message: `enrichment agent not configured: missing ${missing.join(', ')}` } };
  };
  return { profilePhase1: answer, profilePhase2: answer };
}
