import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonValueProblem } from './json-value-problem';

/** `depth` arrays inside each other around `inner`, as JSON text (what a client can send). */
function nested(depth: number, inner = '1'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

describe('jsonValueProblem', () => {
  it('walks a value nested 10,000 deep without overflowing the stack, and names it too deep', () => {
    expect(jsonValueProblem(JSON.parse(nested(10_000)))).toBe('too_deep');
    expect(jsonValueProblem(JSON.parse(`{"a":${'{"b":'.repeat(10_000)}1${'}'.repeat(10_001)}`))).toBe('too_deep');
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(jsonValueProblem(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeNull();
    expect(jsonValueProblem(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe('too_deep');
  });

  it('finds a NUL in any string or key, at any depth within the bound', () => {
    expect(jsonValueProblem(JSON.parse(nested(40, '"a\\u0000"')))).toBe('invalid_string');
    expect(jsonValueProblem({ ['k\u0000']: 1 })).toBe('invalid_string');
    expect(jsonValueProblem({ list: ['fine', { deeper: 'fine' }] })).toBeNull();
  });

  it("applies the caller's rule to every string (keys keep the NUL rule)", () => {
    const noDollar = (text: string) => !text.startsWith('$');
    expect(jsonValueProblem([{ a: ['$Q1'] }], noDollar)).toBe('invalid_string');
    expect(jsonValueProblem([{ $a: 'plain' }], noDollar)).toBeNull();
  });
});
