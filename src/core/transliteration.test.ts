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
