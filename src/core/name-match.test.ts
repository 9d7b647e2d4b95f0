import { describe, expect, it } from 'vitest';
import { registeredNameMatches } from './name-match';

const record = (name: string, otherNames: string[] = []) => ({ name, otherNames });

describe('registeredNameMatches: the organisation is the registered entity by name', () => {
  it.each([
    ['Koala Logistics Pty. Limited', 'KOALA LOGISTICS PTY LTD'],
    ['Koala Logistics', 'KOALA LOGISTICS PTY LTD'],
    ['Acme Widgets Ltd', 'ACME WIDGETS LIMITED'],
    ['Smith & Sons', 'SMITH AND SONS PTY LTD'],
    ['Müller GmbH', 'MULLER GMBH'],
    ['Tesco', 'TESCO PLC'],
  ])('%s is %s (legal form, case, punctuation and diacritics ignored)', (ours, registered) => {
    expect(registeredNameMatches(ours, record(registered))).toBe(true);
  });

  it.each([
    ['Koala Logistics', 'KOALA LOGISTIC PTY LTD'],
    ['Acme Widgets', 'ACME WIDGET LIMITED'],
    ['Koala Logistics', 'KOALA LOGISTICS (AUST) PTY LTD'],
  ])('%s is %s (a near spelling scores at least 0.93)', (ours, registered) => {
    expect(registeredNameMatches(ours, record(registered))).toBe(true);
  });

  it.each([
    ['KOALA LOGISTICS PTY LTD', 'KOALA LOGISTIC SOLUTIONS'],
    ['Koala Logistics', 'KOALA HOLDINGS PTY LTD'],
    ['Koala Logistics', 'WOMBAT FREIGHT PTY LTD'],
    ['Tesco', 'TESCO STORES LIMITED'],
    ['Acme', 'ACNE PTY LTD'],
  ])('%s is not %s', (ours, registered) => {
    expect(registeredNameMatches(ours, record(registered))).toBe(false);
  });

  it('matches a registered business name when the entity name differs (a trading name)', () => {
    const abrRecord = record('THE TRUSTEE FOR THE HARRIS FAMILY TRUST', ['Koala Logistics', 'KL Freight']);
    expect(registeredNameMatches('Koala Logistics Pty Ltd', abrRecord)).toBe(true);
    expect(registeredNameMatches('Harris Family Trust', abrRecord)).toBe(false);
  });

  it('matches a previous name', () => {
    expect(registeredNameMatches('Bluegum Civil Ltd', record('BLUEGUM INFRASTRUCTURE LIMITED', ['BLUEGUM CIVIL LIMITED']))).toBe(true);
  });

  it('never matches a name without letters or digits, nor against one', () => {
    expect(registeredNameMatches('', record(''))).toBe(false);
    expect(registeredNameMatches('—', record('...'))).toBe(false);
    expect(registeredNameMatches('Koala Logistics', record('', ['']))).toBe(false);
  });
});
