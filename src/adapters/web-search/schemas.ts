/**
 * The wire shapes of Brave Web Search (`GET /res/v1/web/search`, providers/agent.md 4): the single source of
 * the payload's shape for the client, the transform and the contract fake.
 */
import { z } from 'zod';

/** One `web.results` item; every field is tolerated missing or mistyped (the transform skips what it cannot use). */
export const braveResultSchema = z.object({
  title: z.string().catch(''),
  url: z.string().catch(''),
  description: z.string().optional().catch(undefined),
  extra_snippets: z.array(z.string()).optional().catch(undefined),
  profile: z
    .object({ name: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

/** Only `web.results` matters; a payload without a `web` section (no web results) is a valid empty answer. */
export const braveWebSearchPayloadSchema = z.object({
  type: z.string().optional(),
  web: z
    .object({
      results: z.array(z.unknown()).default([]),
    })
    .optional(),
});
export type BraveWebSearchPayload = z.infer<typeof braveWebSearchPayloadSchema>;
