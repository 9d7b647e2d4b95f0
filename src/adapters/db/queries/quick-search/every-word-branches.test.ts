import { describe, expect, it } from 'vitest';
import { everyWholeWord, suitsGenericPlan } from './every-word-branches';

describe('suitsGenericPlan (decision 0028: which every-word branches batch matching plans once, generically)', () => {
  it('holds when one position has only words of 4+ letters: the trigram index is the plan whatever they are', () => {
    expect(suitsGenericPlan([['qzx'], ['k3j9a'], ['vorbl'], ['trading']])).toBe(true);
    expect(suitsGenericPlan([['group'], ['holdings']])).toBe(true);
    expect(suitsGenericPlan([['tion']])).toBe(true);
    expect(
      suitsGenericPlan([
        ['ing', 'king'],
        ['quorvex', 'quorvax'],
      ]),
    ).toBe(true);
  });

  it('holds when one position has only words of 1-2 letters: read whole through the vocabulary, no 3-letter word reaches a trigram index', () => {
    expect(suitsGenericPlan([['ab'], ['cd'], ['ef']])).toBe(true);
    expect(suitsGenericPlan([['51'], ['824'], ['753']])).toBe(true);
  });

  it('fails for words of 3 letters only, or positions whose alternatives mix lengths: planned for their values', () => {
    expect(suitsGenericPlan([['ing']])).toBe(false);
    expect(suitsGenericPlan([['ing'], ['ent']])).toBe(false);
    expect(suitsGenericPlan([['ing', 'king']])).toBe(false);
    expect(suitsGenericPlan([])).toBe(false);
    expect(suitsGenericPlan([[]])).toBe(false);
  });
});

describe('everyWholeWord (the exact step reads every word of the query whole first, over the whole-word GIN index)', () => {
  it('joins the words as quoted lexemes with &, so every one must be a word of the name', () => {
    expect(everyWholeWord([['harbour'], ['tech']])).toBe("'harbour' & 'tech'");
    expect(everyWholeWord([['bt']])).toBe("'bt'");
  });

  it("OR-s a position's alternatives (a word and its corrections), AND-s the positions", () => {
    expect(everyWholeWord([['kreek', 'creek'], ['airlines']])).toBe("('kreek' | 'creek') & 'airlines'");
  });

  it('reads no character of a word as an operator: a quote is doubled, a backslash escaped', () => {
    expect(everyWholeWord([["o'brien"], ['a\\b'], ['&|!']])).toBe("'o''brien' & 'a\\\\b' & '&|!'");
  });
});
