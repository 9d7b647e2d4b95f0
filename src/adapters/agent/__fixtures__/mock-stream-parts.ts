/** Stream parts of a scripted model turn, for the agents' unit tests with the AI SDK's mock model (no sockets). */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';

export const usage = {
  inputTokens: { total: 9, noCache: 9, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 4, text: 4, reasoning: undefined },
};

/** One model call's answer: the parts, streamed at once. */
export const step = (...parts: LanguageModelV3StreamPart[]) => ({
  stream: simulateReadableStream({ chunks: parts, initialDelayInMs: null, chunkDelayInMs: null }),
});

export const call = (id: string, toolName: string, input: object): LanguageModelV3StreamPart => ({
  type: 'tool-call',
  toolCallId: id,
  toolName,
  input: JSON.stringify(input),
});

export const end = (unified: 'tool-calls' | 'stop'): LanguageModelV3StreamPart => ({ type: 'finish', finishReason: { unified, raw: undefined }, usage });
