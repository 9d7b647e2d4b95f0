import { z } from 'zod';
import { createSafeFetcher, type SafeFetcherOptions } from '../../adapters/website-validation/safe-fetch';
import { createWebsiteValidator } from '../../adapters/website-validation/website-validator';
import { defineCommand } from '../command';

/**
 * `validate-website --name NAME --url URL [--offline]`: the website validator on one pair (spec: Website
 * validation); prints `{accepted, tier, score, reason}`. `--offline` stops after tier 1 (brand-to-domain
 * affinity, no network). Tests build it with fetcher options pointing at the fake home pages.
 */
export function createValidateWebsiteCommand(options: { fetcher?: SafeFetcherOptions } = {}) {
  return defineCommand({
    usage: 'validate-website --name NAME --url URL [--offline]',
    description:
      'Validates a website for a company name: tier 1 brand-to-domain affinity, then tier 2 home-page content grounding (--offline: tier 1 only); prints {"accepted","tier","score","reason"}.',
    options: { name: { type: 'string' }, url: { type: 'string' }, offline: { type: 'boolean' } },
    input: z.object({
      name: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(300),
      url: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(2000),
      offline: z.boolean().optional(),
    }),
    async run(context, input) {
      const fetcher = createSafeFetcher(options.fetcher);
      try {
        const validator = createWebsiteValidator({ fetcher, log: context.log });
        const { accepted, tier, score, reason } = await validator.validate(input.name, input.url, { offline: input.offline === true });
        return { accepted, tier, score, reason };
      } finally {
        await fetcher.close();
      }
    },
  });
}

export const validateWebsiteCommand = createValidateWebsiteCommand();
