/** The quick lookup's answer: candidates, plus identifier suggestions only for a mistyped identifier; a failing suggestion query never fails it. */
import { describe, expect, it } from 'vitest';
import type { InternalQuickSearchCandidate } from '../../core/candidates';
import { UnavailableError } from '../../core/errors';
import { assessMatch } from '../../core/match-confidence';
import type { IdentifierDirectory } from '../identifiers/ports';
import { createSuggestIdentifiers } from '../identifiers/suggest-identifiers';
import { createAnswerQuickSearch } from './answer-quick-search';
import type { QuickSearch } from './quick-search';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';

const candidate: InternalQuickSearchCandidate = {
  _type: 'internal',
  canonicalName: 'Acme Pty Ltd',
  description: '',
  countryIsoAlpha3: 'AUS',
  key: 'AUS|acme',
  existingOrgId: 'org-1',
  source: 'internal',
  logo: null,
  website: null,
  accountLinked: false,
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  match: assessMatch({ name: 'Acme' }, { name: 'Acme Pty Ltd', countryIsoAlpha3: 'AUS' }),
};
const quickSearch: QuickSearch = { execute: async (input) => (input.query.startsWith('Acme') ? [candidate] : []) };
const noRegistry = { byAbn: async () => ({ ok: true as const, value: null }), byAcn: async () => ({ ok: true as const, value: null }) };

function answer(directory: IdentifierDirectory, warnings: string[] = []) {
  const log = { warn: (_: object, message: string) => warnings.push(message) };
  return createAnswerQuickSearch({ quickSearch, suggestIdentifiers: createSuggestIdentifiers({ directory, registry: noRegistry, log }), log });
}

const carrying: IdentifierDirectory = {
  carried: async ({ identifiers }) => identifiers.filter((i) => i.value === '51824753556').map((i) => ({ ...i, organisationName: 'Acme Pty Ltd' })),
};

describe('createAnswerQuickSearch', () => {
  it('answers the candidates alone, without the field, for a name or a valid identifier', async () => {
    expect(await answer(carrying).execute({ accountId: 'a', query: 'Acme', countryIsoAlpha3: 'AUS' })).toEqual({ candidates: [candidate] });
    expect(await answer(carrying).execute({ accountId: 'a', query: '51 824 753 556', countryIsoAlpha3: 'AUS' })).toEqual({ candidates: [] });
  });

  it('adds the suggestions of a mistyped identifier, an empty list when nothing near it is known', async () => {
    const found = await answer(carrying).execute({ accountId: 'a', query: '51 824 753 557', countryIsoAlpha3: 'AUS' });
    expect(found.identifierSuggestions).toEqual([
      { type: 'ABN', value: '51824753556', formatted: '51 824 753 556', name: 'Acme Pty Ltd', foundIn: 'internal' },
    ]);
    const none = await answer({ carried: async () => [] }).execute({ accountId: 'a', query: '30 635 412 075', countryIsoAlpha3: 'AUS' });
    expect(none).toEqual({
      candidates: [],
      identifierIssue: { type: 'ABN', value: '30635412075', message: '30 635 412 075 is not a valid ABN: its check digit fails' },
      identifierSuggestions: [],
    });
  });

  it('says which identifier is not valid and why, also after a label inside a longer query', async () => {
    const found = await answer(carrying).execute({ accountId: 'a', query: 'Acme ABN 51 824 753 557', countryIsoAlpha3: 'AUS' });
    expect(found.identifierIssue).toEqual({ type: 'ABN', value: '51824753557', message: '51 824 753 557 is not a valid ABN: its check digit fails' });
    expect(found.identifierSuggestions?.map((s) => s.value)).toEqual(['51824753556']);
  });

  it('answers the candidates and the issue alone when the suggestion query fails, and says so in the log', async () => {
    const warnings: string[] = [];
    const failing: IdentifierDirectory = {
      carried: async () => {
        throw new UnavailableError('down', 'Search is temporarily unavailable');
      },
    };
    expect(await answer(failing, warnings).execute({ accountId: 'a', query: '51 824 753 557', countryIsoAlpha3: 'AUS' })).toEqual({
      candidates: [],
      identifierIssue: { type: 'ABN', value: '51824753557', message: '51 824 753 557 is not a valid ABN: its check digit fails' },
    });
    expect(warnings).toHaveLength(1);
  });
});
