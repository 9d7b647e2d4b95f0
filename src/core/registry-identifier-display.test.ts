import { describe, expect, it } from 'vitest';
import { registryIdentifierLabels } from './registry-identifier-display';

describe('registryIdentifierLabels', () => {
  it('groups ABN and ACN the way the registry writes them and keeps a Companies House number whole', () => {
    expect(
      registryIdentifierLabels([
        { type: 'CH', value: '01234567' },
        { type: 'ACN', value: '824753556' },
        { type: 'ABN', value: '51824753556' },
      ]),
    ).toEqual([
      { type: 'ABN', value: '51 824 753 556' },
      { type: 'ACN', value: '824 753 556' },
      { type: 'CH', value: '01234567' },
    ]);
  });

  it('shows each value once, whatever its spacing or case, and leaves out website and aggregator ids', () => {
    expect(
      registryIdentifierLabels([
        { type: 'abn', value: '51 824 753 556' },
        { type: 'ABN', value: '51824753556' },
        { type: 'WEBSITE', value: 'acme.com.au' },
        { type: 'OPENCORPORATES', value: 'au/824753556' },
        { type: 'CH', value: 'sc 123456' },
      ]),
    ).toEqual([
      { type: 'ABN', value: '51 824 753 556' },
      { type: 'CH', value: 'SC123456' },
    ]);
  });

  it('tells two namesakes apart by their numbers', () => {
    const first = registryIdentifierLabels([{ type: 'ABN', value: '51824753556' }]);
    const second = registryIdentifierLabels([{ type: 'ABN', value: '53004085616' }]);
    expect(first).not.toEqual(second);
    expect(registryIdentifierLabels([])).toEqual([]);
  });
});
