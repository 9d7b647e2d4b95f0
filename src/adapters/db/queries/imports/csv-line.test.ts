import { describe, expect, it } from 'vitest';
import { parseCsvLine } from './csv-line';

describe('parseCsvLine', () => {
  it('splits plain and quoted fields, with "" as a quote inside quotes', () => {
    expect(parseCsvLine('a,b,c')).toEqual({ ok: true, fields: ['a', 'b', 'c'] });
    expect(parseCsvLine('"a,1","say ""hi""",c')).toEqual({ ok: true, fields: ['a,1', 'say "hi"', 'c'] });
    expect(parseCsvLine('a,,')).toEqual({ ok: true, fields: ['a', '', ''] });
    expect(parseCsvLine('"",x')).toEqual({ ok: true, fields: ['', 'x'] });
    expect(parseCsvLine('a,b\r')).toEqual({ ok: true, fields: ['a', 'b'] });
  });

  it('reports an unterminated quote or stray quotes instead of guessing', () => {
    expect(parseCsvLine('"abc,d')).toEqual({ ok: false, reason: 'unterminated quoted field' });
    expect(parseCsvLine('"abc"x,d').ok).toBe(false);
    expect(parseCsvLine('ab"c,d').ok).toBe(false);
  });
});
