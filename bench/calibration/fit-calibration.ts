/**
 * Fits the name tables of match confidence (src/core/match-calibration.ts, one per shape of name: whole, partial,
 * namesake) on the **fit halves** of both evaluation sets, and reports what the fitted tables give on their held-out
 * halves, per score decile over every top-5 candidate.
 *   npx tsx bench/calibration/fit-calibration.ts --v1 <v1 outcomes> --identity <identity outcomes> [--bins 10] [--max-bin 30]
 *
 * The outcomes are what the calibration tests write when asked (the real quick lookup over each set, on a database
 * holding only that set): `CALIBRATION_OUTCOMES=<file>` for tests/integration/match-calibration.test.ts (set v1),
 * `IDENTITY_OUTCOMES=<file>` for tests/integration/identity-calibration.test.ts (identity set v2).
 *
 * Each candidate whose score its name decides (not one lifted by the same identifier or website) is an observation
 * "raw name similarity, shape, right or not" (`nameEvidence` of the query against the candidate's name, or the other
 * name its match read). Each shape's table is the isotonic fit of its observations over the whole raw range
 * (isotonic.ts). The report re-scores every candidate with `scoreOfEvidence` (the product's own function) under the
 * committed tables (which should give the scores the lookup answered: "agree") and under the fitted ones. The order
 * of candidates and which are shown depend a little on the tables, so the tests' held-out check after committing a
 * table is the word that counts.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MATCH_THRESHOLD, type MatchGrades } from '../../src/core/match';
import { NAME_CALIBRATIONS, type CalibrationKnot, type NameCalibrations, type NameShape } from '../../src/core/match-calibration';
import { matchQueryOfSearch, nameEvidence, scoreOfEvidence } from '../../src/core/match-confidence';
import { runnerUpScore } from '../../src/core/runner-up-calibration';
import { decileCalibration, type Half, type DecileRow } from './evaluation-outcomes';
import { fitNameCalibration } from './isotonic';

const args = parseArgs({
  options: {
    v1: { type: 'string' },
    identity: { type: 'string' },
    bins: { type: 'string', default: '10' },
    'max-bin': { type: 'string', default: '30' },
  },
}).values;

const gradesSchema = z.object({
  name: z.enum(['same', 'similar', 'different', 'missing']),
  identifier: z.enum(['same', 'similar', 'different', 'missing']),
  website: z.enum(['same', 'similar', 'different', 'missing']),
  country: z.enum(['same', 'similar', 'different', 'missing']),
});

/** What both files say of a candidate, read the same way. */
interface Candidate {
  set: 'v1' | 'identity';
  half: Half;
  kind: string;
  query: string;
  canonicalName: string;
  matchedName: string | null;
  right: boolean;
  score: number;
  grades: MatchGrades;
  /** 0 for the first candidate of its query's answer. */
  rank: number;
  /** The answered score of the query's first candidate. */
  topScore: number;
}

const v1Schema = z.array(
  z.object({
    query: z.object({ query: z.string(), kind: z.string() }),
    half: z.enum(['fit', 'test']),
    candidates: z.array(
      z.object({
        canonicalName: z.string(),
        right: z.boolean(),
        match: z.object({ score: z.number(), grades: gradesSchema, matchedOn: z.object({ name: z.string().nullable() }) }),
      }),
    ),
  }),
);

const identitySchema = z.array(
  z.object({
    query: z.string(),
    kind: z.string(),
    half: z.enum(['fit', 'test']),
    candidates: z.array(
      z.object({
        canonicalName: z.string(),
        right: z.boolean(),
        score: z.number().nullable(),
        matchedName: z.string().nullable(),
        grades: gradesSchema.optional(),
      }),
    ),
  }),
);

function readV1(file: string): Candidate[] {
  return v1Schema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).flatMap((o) =>
    o.candidates.slice(0, 5).map((c, rank) => ({
      set: 'v1' as const,
      rank,
      topScore: o.candidates[0]?.match.score ?? 0,
      half: o.half,
      kind: o.query.kind,
      query: o.query.query,
      canonicalName: c.canonicalName,
      matchedName: c.match.matchedOn.name,
      right: c.right,
      score: c.match.score,
      grades: c.match.grades,
    })),
  );
}

function readIdentity(file: string): Candidate[] {
  return identitySchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).flatMap((o) =>
    o.candidates.slice(0, 5).flatMap((c, rank) => {
      if (c.score === null) return [];
      const query = matchQueryOfSearch(o.query, null);
      // An older run without grades: an identifier query's candidate scored at the identifier's floor carries it.
      const grades: MatchGrades = c.grades ?? {
        name: 'missing',
        identifier: (query.identifiers ?? []).length > 0 && c.score >= 97 ? 'same' : 'missing',
        website: 'missing',
        country: 'missing',
      };
      return [
        {
          set: 'identity' as const,
          rank,
          topScore: o.candidates[0]?.score ?? 0,
          half: o.half,
          kind: o.kind,
          query: o.query,
          canonicalName: c.canonicalName,
          matchedName: c.matchedName,
          right: c.right,
          score: c.score,
          grades,
        },
      ];
    }),
  );
}

interface Observation extends Candidate {
  /** The name evidence, or undefined when the score is the identifier's or website's (or the query names no name). */
  name: { raw: number; shape: NameShape } | undefined;
}

function observe(candidate: Candidate): Observation {
  const lifted = candidate.grades.identifier === 'same' || candidate.grades.website === 'same';
  const query = matchQueryOfSearch(candidate.query, null);
  const otherNames =
    candidate.matchedName !== null && candidate.matchedName !== candidate.canonicalName ? [{ value: candidate.matchedName, kind: 'alias' as const }] : [];
  const evidence = nameEvidence(query.name, { name: candidate.canonicalName, otherNames });
  const name = evidence.best === undefined ? undefined : { raw: evidence.best.raw, shape: evidence.shape };
  return { ...candidate, name: lifted ? undefined : name };
}

const f2 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));

function report(title: string, rows: readonly DecileRow[]): string {
  const worst = Math.max(...rows.filter((r) => r.candidates >= 20).map((r) => r.gap));
  return [
    `${title} (worst gap over deciles of 20+: ${f2(worst)})`,
    ...rows.map(
      (r) =>
        `  ${String(r.from).padStart(2)}-${String(r.to).padEnd(3)} n=${String(r.candidates).padStart(5)} mean=${f2(r.meanScore / 100)} right=${f2(r.precision)} gap=${f2(r.gap)}`,
    ),
  ].join('\n');
}

function rescored(observations: readonly Observation[], tables: NameCalibrations): { score: number; right: boolean }[] {
  return observations.map((o) => ({ score: o.name === undefined ? o.score : scoreOfEvidence(o.name, o.grades, tables), right: o.right }));
}

function knotsSource(name: string, knots: readonly CalibrationKnot[]): string {
  return `const ${name}: readonly CalibrationKnot[] = [\n${knots.map((k) => `  { raw: ${k.raw}, probability: ${k.probability} },`).join('\n')}\n];`;
}

function main(): void {
  const candidates = [...(args.v1 ? readV1(args.v1) : []), ...(args.identity ? readIdentity(args.identity) : [])];
  const observations = candidates.map(observe);
  const agree = observations.filter((o) => o.name === undefined || scoreOfEvidence(o.name, o.grades) === o.score).length;
  process.stdout.write(`${observations.length} top-5 candidates; the committed tables give the answered score for ${agree}\n`);

  const bins = Number(args.bins);
  const MAX_BIN = Number(args['max-bin']);
  const SHAPES = ['whole', 'partial', 'mistyped', 'namesake', 'begun'] as const;
  // The name tables: each shape's first candidates (a runner-up is scored by the runner-up table).
  const fitted: Record<NameShape, CalibrationKnot[]> = { whole: [], partial: [], mistyped: [], namesake: [], begun: [] };
  for (const shape of SHAPES) {
    const of = observations.filter((o) => o.half === 'fit' && o.rank === 0 && o.name?.shape === shape);
    fitted[shape] = fitNameCalibration(
      of.map((o) => ({ raw: o.name?.raw ?? 0, right: o.right })),
      bins,
      MAX_BIN,
    );
    process.stdout.write(
      `\n${shape}: ${of.length} fit observations, ${of.filter((o) => o.right).length} right\n${knotsSource(shape.toUpperCase(), fitted[shape])}\n`,
    );
  }
  // The runner-up table: runners-up under the threshold, by their score as a first.
  const asFirst = rescored(observations, fitted);
  const runnersUp = observations
    .map((o, i) => ({ o, score: asFirst[i]?.score ?? 0 }))
    .filter(({ o, score }) => o.half === 'fit' && o.rank > 0 && score < MATCH_THRESHOLD);
  const runnerUpKnots = fitNameCalibration(
    runnersUp.map(({ o, score }) => ({ raw: score / 100, right: o.right })),
    bins,
    MAX_BIN,
  );
  process.stdout.write(
    `\nrunner-up: ${runnersUp.length} fit observations, ${runnersUp.filter(({ o }) => o.right).length} right\n${knotsSource('RUNNER_UP', runnerUpKnots)}\n`,
  );
  const inList = (of: readonly Observation[]) => {
    const first = rescored(of, fitted);
    return of.map((o, i) => ({ score: o.rank === 0 ? (first[i]?.score ?? 0) : runnerUpScore(first[i]?.score ?? 0, runnerUpKnots), right: o.right }));
  };

  for (const set of ['v1', 'identity'] as const) {
    for (const half of ['test', 'fit'] as const) {
      const of = observations.filter((o) => o.set === set && o.half === half);
      if (of.length === 0) continue;
      process.stdout.write(`\n${report(`${set} ${half} half, as answered`, decileCalibration(of))}\n`);
      process.stdout.write(`${report(`${set} ${half} half, fitted tables`, decileCalibration(inList(of)))}\n`);
    }
  }
  if (process.env.SHAPES)
    for (const set of ['v1', 'identity'] as const)
      for (const shape of ['whole', 'partial', 'mistyped', 'namesake', 'begun'] as const) {
        const of = observations.filter((o) => o.set === set && o.name?.shape === shape);
        for (const [from, to] of [
          [0, 0.3],
          [0.3, 0.5],
          [0.5, 0.6],
          [0.6, 0.7],
          [0.7, 0.8],
          [0.8, 0.9],
          [0.9, 0.99],
          [0.99, 1.01],
        ] as const) {
          const bin = of.filter((o) => (o.name?.raw ?? 0) >= from && (o.name?.raw ?? 0) < to);
          if (bin.length > 0)
            process.stdout.write(
              `${set} ${shape} raw ${from}-${to}: n=${bin.length} right=${f2(bin.filter((o) => o.right).length / bin.length)} kinds=${JSON.stringify(Object.fromEntries([...new Set(bin.map((o) => o.kind))].map((k) => [k, bin.filter((o) => o.kind === k).length])))}\n`,
            );
        }
      }
  if (process.env.CONTEXT)
    for (const set of ['v1', 'identity'] as const) {
      const of = observations.filter((o) => o.set === set);
      const scoredWith = inList(of);
      for (const context of ['first', 'below a sure first', 'below an unsure first'] as const) {
        const inContext = of
          .map((o, i) => ({ o, s: scoredWith[i] }))
          .filter(({ o }) => (context === 'first' ? o.rank === 0 : o.rank > 0 && (context === 'below a sure first') === o.topScore >= 90));
        process.stdout.write(`${report(`${set} ${context}`, decileCalibration(inContext.flatMap(({ s }) => (s === undefined ? [] : [s]))))}\n`);
      }
    }
  void NAME_CALIBRATIONS;
}

main();
