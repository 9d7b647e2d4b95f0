import { describe, it, expect } from 'vitest';
import { InvalidCompositeKeyError, compositeKey, parseCompositeKey } from './composite-key';

describe('compositeKey: <ISO_ALPHA3>|<lowercased canonical name> (spec: Composite key)', () => {
  it('joins the country and the key name with a pipe', () => {
    expect(compositeKey('AUS', 'Acme Pty Ltd')).toBe('AUS|acme pty ltd');
    expect(compositeKey('GBR', 'Tesco PLC')).toBe('GBR|tesco plc');
  });

  it('is deterministic across spellings of the same legal name', () => {
    const key = compositeKey('AUS', 'ACME PTY. LTD.');
    expect(compositeKey('AUS', 'Acme Proprietary Limited')).toBe(key);
    expect(compositeKey('AUS', '  acme   pty ltd ')).toBe(key);
    expect(compositeKey('AUS', 'Acme (Pty) Ltd')).toBe(key);
  });

  it('keeps different countries apart', () => {
    expect(compositeKey('AUS', 'Acme Ltd')).not.toBe(compositeKey('NZL', 'Acme Ltd'));
  });

  it('rejects GLO: the global scope never anchors a key (GLO rule 4)', () => {
    expect(() => compositeKey('GLO', 'Acme Pty Ltd')).toThrow(InvalidCompositeKeyError);
    try {
      compositeKey('GLO', 'Acme');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidCompositeKeyError);
      expect(error).toMatchObject({ name: 'InvalidCompositeKeyError', reason: 'global_scope' });
    }
  });

  it.each(['XXX', 'aus', 'Aus', ' AUS', 'AU', '', 'ZZZ', 'glo'])('rejects the country %j', (country) => {
    expect(() => compositeKey(country, 'Acme')).toThrow(expect.objectContaining({ name: 'InvalidCompositeKeyError', reason: 'not_a_country' }));
  });

  it.each(['', '   ', '!!!', '-./'])('rejects the name %j, which has no letters or digits', (name) => {
    expect(() => compositeKey('AUS', name)).toThrow(expect.objectContaining({ name: 'InvalidCompositeKeyError', reason: 'empty_name' }));
  });

  it('is an Error subclass with a stable name', () => {
    const error = new InvalidCompositeKeyError('empty_name', 'x');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InvalidCompositeKeyError');
  });
});

describe('parseCompositeKey', () => {
  it('round-trips a built key', () => {
    const key = compositeKey('AUS', 'Acme Pty Ltd');
    expect(parseCompositeKey(key)).toEqual({ countryIsoAlpha3: 'AUS', name: 'acme pty ltd' });
  });

  it('splits at the first pipe only, so a disambiguated key keeps its suffix', () => {
    expect(parseCompositeKey('AUS|acme pty ltd|ACN:005749986')).toEqual({
      countryIsoAlpha3: 'AUS',
      name: 'acme pty ltd|ACN:005749986',
    });
  });

  it.each(['', 'acme', 'AUS', 'AUS|', 'AUS|   ', 'GLO|acme', 'XXX|acme', 'aus|acme', '|acme'])('gives undefined for %j', (key) => {
    expect(parseCompositeKey(key)).toBeUndefined();
  });
});
