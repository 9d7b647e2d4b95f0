/**
 * The SearchAgent the composition root installs: the configured model plus the Brave web search. Without a
 * model or a web-search key the agent is simply absent: `discover` yields nothing and the first call logs
 * one warning naming the missing variables (the agent is not the registry, so no channel-degraded item).
 */
import type { Env } from '../../config/env';
import type { Log } from '../../server/ports';
import type { SearchAgent } from '../../server/search/ports';
import { createBraveWebSearchFromEnv } from '../web-search/adapter';
import { createLanguageModel } from './language-model';
import { createSearchAgent, type SearchAgentOptions } from './search-agent';

export type SearchAgentEnv = Pick<Env, 'AGENT_PROVIDER' | 'AGENT_MODEL' | 'AGENT_BASE_URL' | 'AGENT_API_KEY' | 'WEB_SEARCH_API_KEY' | 'WEB_SEARCH_BASE_URL'>;

export function createSearchAgentFromEnv(env: SearchAgentEnv, log: Log, limits: Omit<SearchAgentOptions, 'model' | 'webSearch' | 'log'> = {}): SearchAgent {
  const model = createLanguageModel(env);
  const webSearch = createBraveWebSearchFromEnv(env, log);
  const missing = [...(model.ok ? [] : model.missing), ...(webSearch ? [] : ['WEB_SEARCH_API_KEY'])];
  if (!model.ok || !webSearch) return createUnconfiguredSearchAgent(log, missing);
  log.info({ provider: model.provider, model: model.modelId }, 'search agent configured');
  return createSearchAgent({ model: model.model, webSearch, log, ...limits });
}

/** An agent that finds nothing, and says why once. */
export function createUnconfiguredSearchAgent(log: Log, missing: readonly string[]): SearchAgent {
  let warned = false;
  return {
    // eslint-disable-next-line require-yield
    async *discover() {
      if (warned) return;
      warned = true;
      log.warn({ missing }, 'search agent not configured: the agent channel yields nothing');
    },
  };
}
