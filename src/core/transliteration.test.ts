import { describe, expect, it } from 'vitest';
import { transliterate } from './transliteration';

describe('transliterate', () => {
  it('writes Cyrillic in Latin letters (BGN/PCGN)', () => {
    expect(transliterate('оао газпром')).toBe('oao gazprom');
    expect(transliterate('сбербанк россии')).toBe('sberbank rossii');
    expect(transliterate('щука')).toBe('shchuka');
  });

  it('writes Greek in Latin letters (ELOT 743), letter pairs first', () => {
    expect(transliterate('κωτσοβολος')).toBe('kotsovolos');
    expect(transliterate('εθνικη τραπεζα')).toBe('ethniki trapeza');
    expect(transliterate('μουσειο')).toBe('mouseio');
  });

  it('leaves Latin text and other scripts as they are', () => {
    expect(transliterate('acme widgets')).toBe('acme widgets');
    expect(transliterate('华为')).toBe('华为');
  });
});

describe('transliterate: other Cyrillic languages, Armenian and Georgian', () => {
  it('reads a name with a Ukrainian letter as Ukrainian (г h, и y)', () => {
    expect(transliterate('харків')).toBe('kharkiv');
    expect(transliterate('київстар')).toBe('kyivstar');
    expect(transliterate('приватбанк')).toBe('privatbank');
    expect(transliterate('європа')).toBe('yevropa');
  });

  it('reads Bulgarian ъ before a consonant as "a", and drops the Russian hard sign', () => {
    expect(transliterate('българия')).toBe('balgariya');
    expect(transliterate('объединение')).toBe('obedinenie');
  });

  it('writes Serbian and Belarusian letters', () => {
    expect(transliterate('њујорк')).toBe('njujork');
    expect(transliterate('беларуськалій')).toBe('belaruskalii');
  });

  it('writes Armenian (BGN/PCGN) and Georgian (national system)', () => {
    expect(transliterate('արարատ')).toBe('ararat');
    expect(transliterate('ուրարտու')).toBe('urartu');
    expect(transliterate('თბილისი')).toBe('tbilisi');
    expect(transliterate('საქართველოს ბანკი')).toBe('sakartvelos banki');
  });
});
