import { describe, expect, it } from 'vitest';
import { makeAbn } from './identifiers';
import { MATCH_THRESHOLD, matchSchema } from './match';
import { calibrate, NAME_CALIBRATION, NAME_CALIBRATIONS } from './match-calibration';
import {
  addsDistinctiveWords,
  assessMatch,
  clearsRelevanceFloor,
  decidedMatch,
  IDENTIFIER_DIFFERENT_CAP,
  IDENTIFIER_SAME_SCORE,
  isExactMatch,
  legalFormWords,
  matchQueryOfSearch,
  nameEvidence,
  nameSimilarity,
  prefixReading,
  RELEVANCE_MIN_RAW,
  WEBSITE_SAME_SCORE,
} from './match-confidence';

const abn = makeAbn(7);
const otherAbn = makeAbn(8);

describe('assessMatch: the name', () => {
  it('grades the same name "same" whatever its legal form, case and punctuation, and says which legal forms it ignored', () => {
    const match = assessMatch({ name: 'acme widgets' }, { name: 'ACME WIDGETS PTY. LTD.' });
    expect(match.grades.name).toBe('same');
    expect(match.matchedOn.name).toBe('ACME WIDGETS PTY. LTD.');
    expect(match.matchedOn.nameKind).toBe('name');
    expect(match.matchedOn.legalFormsIgnored).toEqual(['pty', 'ltd']);
    expect(match.match).toBe(true);
    expect(match.score).toBeGreaterThanOrEqual(90);
  });

  it('matches on the alias or business name that fits best and names it', () => {
    const match = assessMatch(
      { name: 'Blue Gum Cafe' },
      { name: 'Smith Family Holdings Pty Ltd', otherNames: [{ value: 'Blue Gum Café', kind: 'business_name' }] },
    );
    expect(match.grades.name).toBe('same');
    expect(match.matchedOn).toMatchObject({ name: 'Blue Gum Café', nameKind: 'business_name' });
  });

  it('reads a one-letter typo as the candidate word, says so, and grades the name "similar", not "same"', () => {
    const match = assessMatch({ name: 'harbuorline' }, { name: 'HARBOURLINE PTY LTD' });
    expect(match.grades.name).toBe('similar');
    expect(match.matchedOn.corrections).toEqual([{ from: 'harbuorline', to: 'harbourline' }]);
    expect(match.score).toBeLessThanOrEqual(assessMatch({ name: 'harbourline' }, { name: 'HARBOURLINE PTY LTD' }).score);
  });

  it('does not take a shared stem for a shared word: "harbourline" is not "Harbour Marine Services"', () => {
    const subject = { name: 'Harbour Marine Services Pty Ltd' };
    const match = assessMatch({ name: 'harbourline' }, subject);
    expect(match.grades.name).toBe('different');
    expect(match.matchedOn.name).toBeNull();
    expect(match.match).toBe(false);
    expect(match.score).toBeLessThan(MATCH_THRESHOLD);
    // Too little like the query to be shown by its name (decision 0022: the floor reads the name evidence).
    expect(clearsRelevanceFloor({ name: 'harbourline' }, subject, match)).toBe(false);
  });

  it('scores a query naming no organisation far below the decision: "qzxv nonexistent widgets" is not ACME WIDGETS', () => {
    const subject = { name: 'ACME WIDGETS PTY LTD' };
    const match = assessMatch({ name: 'qzxv nonexistent widgets' }, subject);
    expect(match.grades.name).toBe('different');
    expect(match.match).toBe(false);
    expect(match.score).toBeLessThan(MATCH_THRESHOLD);
    expect(clearsRelevanceFloor({ name: 'qzxv nonexistent widgets' }, subject, match)).toBe(false);
  });

  it('ranks the exact name above a longer name that contains it, and that above a name sharing one word', () => {
    const exact = assessMatch({ name: 'Koala Logistics' }, { name: 'Koala Logistics Pty Ltd' }).score;
    const longer = assessMatch({ name: 'Koala Logistics' }, { name: 'Koala Logistics Solutions Pty Ltd' }).score;
    const oneWord = assessMatch({ name: 'Koala Logistics' }, { name: 'Koala Cafe' }).score;
    expect(exact).toBeGreaterThan(longer);
    expect(longer).toBeGreaterThan(oneWord);
  });

  it('grades the name "missing" when the query names none', () => {
    const match = assessMatch({ name: '' }, { name: 'Acme Pty Ltd' });
    expect(match.grades.name).toBe('missing');
    expect(match.score).toBe(0);
  });
});

describe('assessMatch: identifier, website and country', () => {
  it('an identifier the candidate carries is a match whatever the name: at least the identifier score, and says which', () => {
    const match = assessMatch(
      { name: '', identifiers: [{ type: 'ABN', value: abn.replace(/(\d{2})(\d{3})/, '$1 $2 ') }] },
      { name: 'Acme', identifiers: [{ type: 'ABN', value: abn }] },
    );
    expect(match.grades.identifier).toBe('same');
    expect(match.matchedOn.identifier).toEqual({ type: 'ABN', value: abn });
    expect(match.score).toBe(IDENTIFIER_SAME_SCORE);
    expect(match.match).toBe(true);
  });

  it('an identifier of the same type with another value is "different" and caps the score, however good the name', () => {
    const match = assessMatch(
      { name: 'Acme Widgets', identifiers: [{ type: 'ABN', value: abn }] },
      { name: 'Acme Widgets Pty Ltd', identifiers: [{ type: 'ABN', value: otherAbn }] },
    );
    expect(match.grades.identifier).toBe('different');
    expect(match.score).toBeLessThanOrEqual(IDENTIFIER_DIFFERENT_CAP);
    expect(match.match).toBe(false);
  });

  it('an identifier of unknown type matches by value, and cannot be called different', () => {
    expect(
      assessMatch({ name: '', identifiers: [{ type: null, value: abn }] }, { name: 'Acme', identifiers: [{ type: 'ABN', value: abn }] }).grades.identifier,
    ).toBe('same');
    expect(
      assessMatch({ name: '', identifiers: [{ type: null, value: abn }] }, { name: 'Acme', identifiers: [{ type: 'ABN', value: otherAbn }] }).grades.identifier,
    ).toBe('missing');
  });

  it('the same registrable domain is "same" (and a match); the same brand on another suffix is "similar"', () => {
    const same = assessMatch({ name: '', website: 'https://www.acme.com.au/about' }, { name: 'Zed Pty Ltd', website: 'https://shop.acme.com.au' });
    expect(same.grades.website).toBe('same');
    expect(same.matchedOn.website).toBe('acme.com.au');
    expect(same.score).toBe(WEBSITE_SAME_SCORE);
    expect(assessMatch({ name: '', website: 'acme.com' }, { name: 'Zed', website: 'acme.co.uk' }).grades.website).toBe('similar');
  });

  it('a different country halves the name evidence; a missing country (or Global) changes nothing', () => {
    const subject = { name: 'Acme Widgets Pty Ltd', countryIsoAlpha3: 'AUS' };
    const same = assessMatch({ name: 'Acme Widgets', countryIsoAlpha3: 'AUS' }, subject);
    const global = assessMatch({ name: 'Acme Widgets', countryIsoAlpha3: 'GLO' }, subject);
    const other = assessMatch({ name: 'Acme Widgets', countryIsoAlpha3: 'NZL' }, subject);
    expect([same.grades.country, global.grades.country, other.grades.country]).toEqual(['same', 'missing', 'different']);
    expect(global.score).toBe(same.score);
    expect(other.score).toBe(Math.round(same.score / 2));
  });

  it('fields neither side has are "missing"', () => {
    expect(assessMatch({ name: 'Acme' }, { name: 'Acme' }).grades).toEqual({ name: 'same', identifier: 'missing', website: 'missing', country: 'missing' });
  });
});

describe('assessMatch: the decision and the contract', () => {
  it('decides a match exactly when the score reaches the threshold and the name is not a different one, and always answers a valid Match', () => {
    const queries = ['acme', 'acme widgets', 'acme widgets australia', 'widgets', 'qzxv', 'acme widgits'];
    for (const name of queries) {
      const match = assessMatch({ name }, { name: 'Acme Widgets Pty Ltd' });
      expect(matchSchema.parse(match)).toEqual(match);
      expect(match.match).toBe(match.score >= MATCH_THRESHOLD && match.grades.name !== 'different');
    }
  });

  it('an exact match is one on the same name, identifier or website; a similar name is not exact', () => {
    expect(isExactMatch(assessMatch({ name: 'Acme' }, { name: 'ACME LIMITED' }))).toBe(true);
    expect(isExactMatch(assessMatch({ name: 'Acme Widgets' }, { name: 'Acme Widgets Australia' }))).toBe(false);
    expect(isExactMatch(assessMatch({ name: '', identifiers: [{ type: 'ABN', value: abn }] }, { name: 'X', identifiers: [{ type: 'ABN', value: abn }] }))).toBe(
      true,
    );
  });
});

describe('nameSimilarity and legalFormWords', () => {
  it('is 1 only for equal search forms, and names equal but for spaces come next', () => {
    expect(nameSimilarity('harbourline', 'harbourline').raw).toBe(1);
    const spaced = nameSimilarity('harbourline', 'harbour line').raw;
    expect(spaced).toBeLessThan(1);
    expect(spaced).toBeGreaterThan(nameSimilarity('harbourline', 'harbourline logistics').raw);
  });

  it('lists the legal-form words a name drops', () => {
    expect(legalFormWords('Müller GmbH & Co. KG')).toEqual(['gmbh', 'and', 'co', 'kg']);
    expect(legalFormWords('The Acme Company')).toEqual(['co']);
    expect(legalFormWords('Acme Widgets')).toEqual([]);
  });
});

describe('calibrate', () => {
  it('is monotone from raw 0 to raw 1 in every table, and interpolates between knots', () => {
    for (const knots of Object.values(NAME_CALIBRATIONS)) {
      let previous = -1;
      for (let raw = 0; raw <= 1.0001; raw += 0.01) {
        const p = calibrate(raw, knots);
        expect(p).toBeGreaterThanOrEqual(previous);
        previous = p;
      }
      expect(knots[0]?.raw).toBe(0);
      expect(knots.at(-1)?.raw).toBe(1);
    }
    const [a, b] = [NAME_CALIBRATION[1], NAME_CALIBRATION[2]];
    if (a === undefined || b === undefined) throw new Error('the table has knots');
    expect(calibrate((a.raw + b.raw) / 2)).toBeCloseTo((a.probability + b.probability) / 2, 6);
  });
});

describe('matchQueryOfSearch', () => {
  it('reads a website query as its website and its brand', () => {
    expect(matchQueryOfSearch('https://www.acme-widgets.com.au/', 'AUS')).toEqual({
      name: 'acme widgets',
      website: 'acme-widgets.com.au',
      countryIsoAlpha3: 'AUS',
    });
  });

  it('reads a recognised identifier as that identifier and no name', () => {
    expect(matchQueryOfSearch(abn, 'GLO')).toEqual({ name: '', identifiers: [{ type: 'ABN', value: abn }], countryIsoAlpha3: null });
    expect(matchQueryOfSearch(`ABN ${abn}`, 'GLO').identifiers).toEqual([
      { type: 'ABN', value: abn },
      { type: null, value: `ABN${abn}` },
    ]);
  });

  it('reads other text as a name, keeping a digit-bearing one as an identifier of unknown type too', () => {
    expect(matchQueryOfSearch('Acme Widgets', 'AUS')).toEqual({ name: 'Acme Widgets', identifiers: [], countryIsoAlpha3: 'AUS' });
    expect(matchQueryOfSearch('7-Eleven', null).identifiers).toEqual([{ type: null, value: '7ELEVEN' }]);
  });
});

describe('the decision', () => {
  it('never accepts a name graded different on its name alone, however high its score', () => {
    const grades = { name: 'different', identifier: 'missing', website: 'missing', country: 'missing' } as const;
    const high = MATCH_THRESHOLD + 7;
    expect(decidedMatch(high, grades)).toBe(false);
    expect(decidedMatch(high, { ...grades, identifier: 'same' })).toBe(true);
    expect(decidedMatch(high, { ...grades, website: 'same' })).toBe(true);
    expect(decidedMatch(high, { ...grades, name: 'similar' })).toBe(true);
    expect(decidedMatch(MATCH_THRESHOLD - 1, { ...grades, name: 'same' })).toBe(false);
    expect(decidedMatch(MATCH_THRESHOLD, { ...grades, name: 'same' })).toBe(true);
  });

  it('reads "Zephyr Dragon Insurance" as a different name from "Zephyr Run Insurance", not a match', () => {
    const match = assessMatch({ name: 'Zephyr Dragon Insurance' }, { name: 'Zephyr Run Insurance' });
    expect(match.grades.name).toBe('different');
    expect(match.match).toBe(false);
  });
});

describe('prefixReading', () => {
  it('tells a query that is the first whole words of a name from one that ends inside a word', () => {
    expect(prefixReading('silver', ['silver fern farms'])).toBe('word');
    expect(prefixReading('silver fern farms', ['silver fern farms'])).toBe('word');
    expect(prefixReading('silver', ['sb capital', 'silverton bay'])).toBe('mid-word');
    expect(prefixReading('silver', ['silverton bay', 'silver fern'])).toBe('word');
    expect(prefixReading('silver', ['argent silver'])).toBeNull();
    expect(prefixReading('', ['silver fern farms'])).toBeNull();
  });
});

describe('a namesake that adds a distinctive word is not decided a match by its name (issue 20 section 3)', () => {
  const scoreOf = (query: string, name: string) => assessMatch({ name: query, countryIsoAlpha3: 'AUS' }, { name, countryIsoAlpha3: 'AUS' });

  it('caps "BHP Group Finance Pty Ltd" for "BHP Group Limited" under the threshold, and keeps the exact entity a match', () => {
    expect(scoreOf('BHP Group Limited', 'BHP Group Finance Pty Ltd')).toMatchObject({ match: false });
    expect(scoreOf('BHP Group Limited', 'BHP Group Finance Pty Ltd').score).toBeLessThan(MATCH_THRESHOLD);
    expect(scoreOf('BHP Group Limited', 'BHP Group Limited')).toMatchObject({ match: true, score: 100 });
  });

  it('caps a namesake with a different number or a country suffix', () => {
    expect(scoreOf('Brigade 44', 'Brigade 45').match).toBe(false);
    expect(scoreOf('Credit Suisse AG', 'Credit Suisse (Schweiz) AG').match).toBe(false);
    expect(scoreOf('Perpetual', 'Perpetual Trust Company').match).toBe(false);
  });

  it('does not count generic words, typos, spacing or joined words as distinctive', () => {
    expect(addsDistinctiveWords('bhp', 'bhp group', [])).toBe(false);
    expect(addsDistinctiveWords('good will', 'goodwill', [])).toBe(false);
    expect(addsDistinctiveWords('goodwill', 'good will', [])).toBe(false);
    expect(addsDistinctiveWords('harbuorline', 'harbourline', [{ from: 'harbuorline', to: 'harbourline' }])).toBe(false);
    expect(addsDistinctiveWords('bhp group', 'bhp group finance', [])).toBe(true);
  });

  it('still decides a match on the same identifier or website, whatever the name adds', () => {
    const byAbn = assessMatch(
      { name: 'BHP Group', identifiers: [{ type: 'ABN', value: '49004028077' }] },
      { name: 'BHP Group Finance Pty Ltd', identifiers: [{ type: 'ABN', value: '49004028077' }] },
    );
    expect(byAbn.match).toBe(true);
  });
});

describe('the same name written another way is decided a match (issue 20 section 3, real variants of the identity set)', () => {
  const decided = (query: string, name: string) => assessMatch({ name: query, countryIsoAlpha3: null }, { name, countryIsoAlpha3: null }).match;

  it('reads another romanisation of a word as that word: "Avtocom" / "Avtokom", "Beltechexport" / "Белтехэкспорт", "Tsybulka" / "Zybulka"', () => {
    expect(decided('Avtocom LLC', 'Avtokom LLC')).toBe(true);
    expect(decided('Beltechexport', 'Белтехэкспорт')).toBe(true);
    expect(decided('Tsybulka Bel', 'Zybulka Bel')).toBe(true);
    expect(decided('Abdallah Azzam Brigades', 'Abdullah Azzam Brigades')).toBe(true);
  });

  it('leaves out a parenthesised acronym of the name\'s initials: "Mujahidin Indonesian Timur (MIT)" is "Mujahidin Indonesia Timor"', () => {
    expect(decided('Mujahidin Indonesian Timur (MIT)', 'Mujahidin Indonesia Timor')).toBe(true);
    expect(decided('Iran Alumina Company (IAC)', 'Iran Alumina Co')).toBe(true);
    expect(decided('Korea Namgang Trading Corporation (NTC)', 'Korea Namgang Trading Company')).toBe(true);
  });

  it('but keeps a parenthesised part that is no acronym of the name, which may name another entity', () => {
    expect(decided('Credit Suisse (USA)', 'Credit Suisse')).toBe(false);
    expect(decided('MFK Fulcrum (Russia)', 'MFK Fulcrum LLC')).toBe(false);
  });

  it('does not count a particle or connector a transliteration writes, joins or leaves out: "Tehrik-e Taliban Pakistan (TTP)" is "Tehrik-I-Taliban Pakistan"', () => {
    expect(decided('Tehrik-e Taliban Pakistan (TTP)', 'Tehrik-I-Taliban Pakistan')).toBe(true);
    expect(decided('Harakat-ul Jihad Islami', 'Harkat al-Jihad-ul Islami')).toBe(true);
    expect(decided('Islamic State in Iraq and the Levant – Yemen', 'Islamic State of Iraq and the Levant of Yemen')).toBe(true);
  });

  it('reads the same words in another order as the same name: "Somali battalion" / "Батальон \'Сомали\'"', () => {
    expect(decided('Somali battalion', "Батальон 'Сомали'")).toBe(true);
    expect(decided('Horizont Holding', 'Холдинг ‘Горизонт’')).toBe(true);
  });

  it('still tells a group from its listed company and a namesake from the entity: "China Telecom Group" is not "China Telecom Corporation"', () => {
    expect(decided('China Telecom Group Co., Ltd.', 'China Telecom Corporation Limited')).toBe(false);
    expect(decided('BHP Group Limited', 'BHP Group Finance Pty Ltd')).toBe(false);
    expect(decided('Brigade 44', 'Brigade 45')).toBe(false);
    expect(decided('Vostok Brigade', 'Vostok Battalion')).toBe(false);
  });
});

describe('the shape of a name and its table (decision 0022)', () => {
  const shape = (query: string, name: string) => nameEvidence(query, { name }).shape;

  it('tells a whole name, a partial one, a mistyped one, a namesake and a name being typed apart', () => {
    expect(shape('Koala Logistics', 'Koala Logistics Pty Ltd')).toBe('whole');
    expect(shape('Emami Infrastructure Limited', 'Emami Realty Limited')).toBe('partial');
    expect(shape('Natinoal Ausrtlia Bank Limited', 'National Australia Bank Limited')).toBe('mistyped');
    expect(shape('Hikvision', 'Hangzhou Hikvision Digital Technology Co., Ltd.')).toBe('namesake');
    expect(shape('BHP Group Limited', 'BHP Group Finance Pty Ltd')).toBe('begun');
  });

  it('gives a weak name an honest score from its own table, not 0, and keeps every shape but a whole or mistyped name under the threshold', () => {
    const partial = assessMatch({ name: 'Emami Infrastructure Limited' }, { name: 'Emami Realty Limited' });
    expect(partial.score).toBeGreaterThan(0);
    expect(partial.score).toBeLessThan(MATCH_THRESHOLD);
    const begun = assessMatch({ name: 'Mitsubishi Heavy' }, { name: 'Mitsubishi Heavy Industries, Ltd.' });
    expect(begun.score).toBeLessThan(MATCH_THRESHOLD);
    expect(begun.match).toBe(false);
    const mistyped = assessMatch({ name: 'Natinoal Ausrtlia Bank Limited' }, { name: 'National Australia Bank Limited' });
    expect(mistyped.score).toBeGreaterThan(begun.score);
  });

  it('shows a candidate by its name only from RELEVANCE_MIN_RAW, whatever its score', () => {
    const subject = { name: 'Emami Realty Limited' };
    const query = { name: 'Emami Infrastructure Limited' };
    const evidence = nameEvidence(query.name, subject);
    const match = assessMatch(query, subject);
    expect(match.score).toBeGreaterThanOrEqual(10);
    expect(clearsRelevanceFloor(query, subject, match)).toBe((evidence.best?.raw ?? 0) >= RELEVANCE_MIN_RAW);
  });
});
