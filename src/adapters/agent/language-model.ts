/**
 * The agent's language model from configuration (providers/agent.md 2): AGENT_PROVIDER picks OpenAI,
 * Anthropic or any OpenAI-compatible endpoint (vLLM, Ollama, LM Studio, the sandbox fake); AGENT_MODEL names
 * the model; AGENT_BASE_URL and AGENT_API_KEY reach it. OpenAI goes through Chat Completions, the protocol
 * the sandbox fake speaks, so one code path is exercised offline.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Env } from '../../config/env';

export type AgentModelConfig = Pick<Env, 'AGENT_PROVIDER' | 'AGENT_MODEL' | 'AGENT_BASE_URL' | 'AGENT_API_KEY'>;

export type LanguageModelResult = { ok: true; model: Exclude<LanguageModel, string>; provider: string; modelId: string } | { ok: false; missing: string[] };

export function createLanguageModel(env: AgentModelConfig): LanguageModelResult {
  const missing: string[] = [];
  if (!env.AGENT_PROVIDER) missing.push('AGENT_PROVIDER');
  if (!env.AGENT_MODEL) missing.push('AGENT_MODEL');
  if ((env.AGENT_PROVIDER === 'openai' || env.AGENT_PROVIDER === 'anthropic') && !env.AGENT_API_KEY) missing.push('AGENT_API_KEY');
  if (env.AGENT_PROVIDER === 'openai-compatible' && !env.AGENT_BASE_URL) missing.push('AGENT_BASE_URL');
  const provider = env.AGENT_PROVIDER;
  const modelId = env.AGENT_MODEL;
  if (missing.length > 0 || !provider || !modelId) return { ok: false, missing };

  const baseURL = env.AGENT_BASE_URL;
  switch (provider) {
    case 'openai':
      return { ok: true, provider, modelId, model: createOpenAI({ apiKey: env.AGENT_API_KEY, baseURL }).chat(modelId) };
    case 'anthropic':
      return { ok: true, provider, modelId, model: createAnthropic({ apiKey: env.AGENT_API_KEY, baseURL }).languageModel(modelId) };
    case 'openai-compatible':
      return {
        ok: true,
        provider,
        modelId,
        model: createOpenAICompatible({ name: 'agent', baseURL: baseURL ?? '', apiKey: env.AGENT_API_KEY, includeUsage: true }).chatModel(modelId),
      };
  }
}
