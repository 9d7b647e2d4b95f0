import { describe, expect, it } from 'vitest';
import { respellingKey } from './word-respelling';

describe('respellingKey', () => {
  it('gives two romanisations of one word one key', () => {
    expect(respellingKey('avtocom')).toBe(respellingKey('avtokom'));
    expect(respellingKey('beltechexport')).toBe(respellingKey('beltekheksport'));
    expect(respellingKey('tsybulka')).toBe(respellingKey('zybulka'));
    expect(respellingKey('kachui')).toBe(respellingKey('kachouii'));
    expect(respellingKey('kholdingz')).toBe(respellingKey('holdings'));
    expect(respellingKey('dobrolyot')).toBe(respellingKey('dobroliot'));
  });

  it('keeps different words apart', () => {
    expect(respellingKey('vistra')).not.toBe(respellingKey('vista'));
    expect(respellingKey('sovcombank')).not.toBe(respellingKey('buycombank'));
    expect(respellingKey('realty')).not.toBe(respellingKey('infrastructure'));
  });
});
