/**
 * The capped decile (CAPPED_DECILE_FROM: scores 70-79, partial names, namesakes and begun names, capped at 79 by rule, decision 0022) of a
 * `bench:identity` run, split into groups, each with its share right on both halves: which of them an honest table
 * could move, and where. Reads the run's every-top-5-candidate file; with `--database`, adds the document frequency
 * (organisations holding it, from `organisation_name_words`) of the rarest word a namesake adds.
 *   npx tsx bench/calibration/capped-groups.ts [--outcomes bench/out/identity-outcomes.json] [--database postgres://.../osc_bench_<you>_1m]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { z } from 'zod';
import { matchQueryOfSearch, nameEvidence } from '../../src/core/match-confidence';
import { searchName } from '../../src/core/canonical-name';
import { CAPPED_DECILE_FROM } from '../evaluation/identity-metrics';

const args = parseArgs({
  options: { outcomes: { type: 'string', default: 'bench/out/identity-outcomes.json' }, database: { type: 'string' } },
}).values;

const outcomesSchema = z.array(
  z.object({
    query: z.string(),
    kind: z.string(),
    half: z.enum(['fit', 'test']),
    candidates: z.array(
      z.object({ canonicalName: z.string(), right: z.boolean(), score: z.number().optional(), matchedName: z.string().nullable().optional() }),
    ),
  }),
);

interface Capped {
  half: 'fit' | 'test';
  kind: string;
  first: boolean;
  right: boolean;
  score: number;
  shape: string;
  added: string[];
  otherWhole: boolean;
}

const words = (name: string) =>
  searchName(name)
    .split(' ')
    .filter((w) => w !== '');
const capped: Capped[] = [];
for (const outcome of outcomesSchema.parse(JSON.parse(fs.readFileSync(args.outcomes, 'utf8')))) {
  const top = outcome.candidates.slice(0, 5);
  top.forEach((c, rank) => {
    if (c.score === undefined || c.score < CAPPED_DECILE_FROM || c.score > CAPPED_DECILE_FROM + 9) return;
    const matched = c.matchedName ?? null;
    const otherNames = matched !== null && matched !== c.canonicalName ? [{ value: matched, kind: 'alias' as const }] : [];
    const evidence = nameEvidence(matchQueryOfSearch(outcome.query, null).name, { name: c.canonicalName, otherNames });
    const queryWords = new Set(words(outcome.query));
    capped.push({
      half: outcome.half,
      kind: outcome.kind,
      first: rank === 0,
      right: c.right,
      score: c.score,
      shape: evidence.shape,
      added: words(evidence.best?.form ?? c.canonicalName).filter((w) => !queryWords.has(w)),
      otherWhole: top.some((d, j) => j !== rank && (d.score ?? 0) >= 90),
    });
  });
}

const frequency = new Map<string, number>();
if (args.database !== undefined) {
  const client = new pg.Client(args.database);
  await client.connect();
  const result = await client.query<{ word: string; n: number }>(
    'select word, count(*)::int as n from organisation_name_words where word = any($1::text[]) group by word',
    [[...new Set(capped.flatMap((c) => c.added))]],
  );
  for (const row of result.rows) frequency.set(row.word, row.n);
  await client.end();
}
const rarestAdded = (c: Capped) => Math.min(...c.added.map((w) => frequency.get(w) ?? 0));

const lines = ['| group | fit: n | fit: right | held-out: n | held-out: right |', '|---|---|---|---|---|'];
const group = (label: string, pick: (c: Capped) => boolean) => {
  const of = (half: 'fit' | 'test') => {
    const g = capped.filter((c) => c.half === half && pick(c));
    return [g.length, g.length === 0 ? '–' : `${((100 * g.filter((c) => c.right).length) / g.length).toFixed(1)}%`];
  };
  lines.push(`| ${label} | ${of('fit').join(' | ')} | ${of('test').join(' | ')} |`);
};
group(`every capped-decile candidate (${CAPPED_DECILE_FROM}-${CAPPED_DECILE_FROM + 9})`, () => true);
group('first candidates', (c) => c.first);
group('runners-up', (c) => !c.first);
group('another top-5 candidate scored 90+', (c) => c.otherWhole);
for (const shape of ['partial', 'begun', 'namesake', 'whole', 'mistyped']) group(`shape ${shape}`, (c) => c.shape === shape);
if (args.database !== undefined) {
  for (const bound of [100, 1000, 10000]) {
    group(`begun or namesake, every added word in ${bound}+ organisations`, (c) => (c.shape === 'begun' || c.shape === 'namesake') && rarestAdded(c) >= bound);
  }
}
for (const kind of [...new Set(capped.map((c) => c.kind))].sort()) group(`query kind ${kind}`, (c) => c.kind === kind);
process.stdout.write(`${lines.join('\n')}\n`);
