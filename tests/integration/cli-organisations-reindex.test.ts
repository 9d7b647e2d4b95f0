/**
 * `npm run cli -- organisations reindex` (docs/cli.md) on rows stored before a normalisation change, written the way
 * they were: by the product's own import command (and decision use case) of the commit before the ISO 20275 legal
 * forms, run from a copy of that commit's sources (git archive) against the test database. The re-index then runs
 * through the CLI's code path of this commit, and the quick lookup (POST /api/organisations/quick-search) shows what
 * an analyst sees before and after.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../src/cli/__fixtures__/cli-in-process';
import { EXIT_OK } from '../../src/cli/run-cli';
import { makeAccount } from '../support/factories';
import { quickSearchCandidates } from '../support/quick-search-route';
import { createTestContainer, type TestContext } from '../support/test-container';

const run = promisify(execFile);

/** The last commit whose name normalisation did not read the ISO 20275 list (legal forms hand-kept). */
const BEFORE_LEGAL_FORMS = 'd4c491d76ed3a103a109715126057b8b36eaf82b';
const REPOSITORY = path.resolve(import.meta.dirname, '../..');

let ctx: TestContext;
let caller: Awaited<ReturnType<typeof makeAccount>>;
let other: Awaited<ReturnType<typeof makeAccount>>;
let oldTree: string;

const cli = (...argv: string[]) => runCliInProcess(ctx.database.url, argv);

/** Runs a TypeScript file of the old sources with their own modules (node_modules shared). */
async function runOld(args: string[]): Promise<string> {
  const env = { NODE_ENV: 'test' as const, DATABASE_URL: ctx.database.url, LOG_LEVEL: 'silent' };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', ...args], { cwd: oldTree, env });
  return stdout;
}

async function organisationNamed(name: string) {
  const result = await ctx.database.db.execute<{ id: string; search_name: string; key: string | null }>(
    sql`select id, search_name, key from organisations where name = ${name}`,
  );
  const [row] = result.rows;
  if (!row) throw new Error(`no organisation named ${name}`);
  return row;
}

const postingsOf = async (id: string) =>
  (
    await ctx.database.db.execute<{ word: string; account_id: string | null }>(
      sql`select word, account_id from organisation_name_words where organisation_id = ${id}::uuid order by word`,
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestContainer();
  caller = await makeAccount(ctx.database.db);
  other = await makeAccount(ctx.database.db);

  oldTree = fs.mkdtempSync(path.join(os.tmpdir(), 'reindex-old-'));
  const archive = path.join(oldTree, 'old.tar');
  await run('git', ['-C', REPOSITORY, 'archive', '--output', archive, BEFORE_LEGAL_FORMS, 'src', 'drizzle', 'package.json', 'tsconfig.json']);
  await run('tar', ['-xf', archive, '-C', oldTree]);
  fs.symlinkSync(fs.realpathSync(path.join(REPOSITORY, 'node_modules')), path.join(oldTree, 'node_modules'));

  const file = path.join(oldTree, 'organisations.jsonl');
  const lines = [
    { name: 'Nordisk Anpartsselskab', countryIsoAlpha3: 'DNK' },
    { name: 'Maersk AS', countryIsoAlpha3: 'DNK' },
    { name: 'Maersk A/S', countryIsoAlpha3: 'DNK' },
    { name: 'Акционерное общество «Оптрон»', countryIsoAlpha3: 'RUS', formerNames: ['Открытое акционерное общество «Оптрон»'] },
    { name: 'Acme Widgets Pty Ltd', countryIsoAlpha3: 'AUS' },
  ];
  fs.writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
  const imported = JSON.parse(await runOld(['src/cli/main.ts', 'import', 'organisations', file, '--owner', caller.id])) as { imported: number };
  expect(imported.imported).toBe(5);

  // An analyst's "same" for a query, recorded by the old code's use case (POST /api/decisions calls it).
  const nordisk = await organisationNamed('Nordisk Anpartsselskab');
  const script = path.join(oldTree, 'record-decision.ts');
  fs.writeFileSync(
    script,
    `import { createDatabase } from './src/adapters/db/client';
import { createDecisionStore } from './src/adapters/db/queries/match-decisions';
import { createRecordDecision } from './src/server/decisions/record-decision';
const database = createDatabase(process.env.DATABASE_URL ?? '', { max: 1 });
await createRecordDecision(createDecisionStore(database.db))({
  accountId: ${JSON.stringify(caller.id)}, decidedBy: null, query: 'Nordisk Anpartsselskab', countryIsoAlpha3: null,
  organisationId: ${JSON.stringify(nordisk.id)}, verdict: 'same', source: 'api',
});
await database.close();
`,
  );
  await runOld([script]);
}, 120_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(oldTree, { recursive: true, force: true });
});

describe('organisations reindex', () => {
  it('recomputes stale search forms, keys, postings and decision keys in batches, reports collisions, and changes nothing the second time', async () => {
    const optron = await organisationNamed('Акционерное общество «Оптрон»');
    const nordisk = await organisationNamed('Nordisk Anpartsselskab');
    const maerskSpaced = await organisationNamed('Maersk A/S');
    const maersk = await organisationNamed('Maersk AS');
    expect(optron.search_name).toBe('aktsionernoe obshchestvo optron');
    expect(nordisk.key).toBe('DNK|nordisk anpartsselskab');

    // Before: "Nordisk ApS" does not meet the analyst's decision on "Nordisk Anpartsselskab" (keyed by the old form).
    const nordiskBefore = await quickSearchCandidates(caller.authorization, 'Nordisk ApS');
    expect(nordiskBefore.find((c) => c.existingOrgId === nordisk.id)?.match.matchedOn.decision ?? null).toBeNull();

    const first = await cli('organisations', 'reindex', '--batch-size', '2');
    expect(first.code).toBe(EXIT_OK);
    expect(first.json).toMatchObject({
      organisations: 5,
      // Nordisk, Оптрон and Maersk A/S ("maersk a s" before); Maersk A/S keeps its old key: Maersk AS holds the new one.
      updated: { searchNames: 3, keys: 2, aliases: 1, postings: 3, decisions: 1 },
      keyCollisions: 1,
      collisions: [{ organisationId: maerskSpaced.id, key: 'DNK|maersk as', heldBy: maersk.id }],
      decisionCollisions: 0,
      batches: 3,
    });
    expect(first.stderr).toContain(`key collision: ${maerskSpaced.id}`);

    expect(await organisationNamed('Акционерное общество «Оптрон»')).toMatchObject({ search_name: 'optron', key: 'RUS|jsc optron' });
    expect(await organisationNamed('Nordisk Anpartsselskab')).toMatchObject({ search_name: 'nordisk', key: 'DNK|nordisk aps' });
    expect((await organisationNamed('Maersk A/S')).key).toBe('DNK|maersk a s');
    // The postings hold the new words, still scoped to the owning account.
    expect(await postingsOf(optron.id)).toEqual([{ word: 'optron', account_id: caller.id }]);

    // After: "Optron JSC" is the company, and "Nordisk ApS" meets the analyst's decision.
    const after = await quickSearchCandidates(caller.authorization, 'Optron JSC');
    expect(after[0]).toMatchObject({ existingOrgId: optron.id, match: { match: true } });
    const nordiskAfter = await quickSearchCandidates(caller.authorization, 'Nordisk ApS');
    expect(nordiskAfter[0]).toMatchObject({ existingOrgId: nordisk.id, match: { matchedOn: { decision: 'same' } } });
    // Tenancy holds: another account sees none of the caller's private organisations.
    expect(await quickSearchCandidates(other.authorization, 'Optron JSC')).toEqual([]);

    const second = await cli('organisations', 'reindex');
    expect(second.json).toMatchObject({
      organisations: 5,
      updated: { searchNames: 0, keys: 0, aliases: 0, postings: 0, decisions: 0 },
      keyCollisions: 1,
      batches: 1,
    });
  });

  it('refuses a bad batch size as a usage error', async () => {
    const bad = await cli('organisations', 'reindex', '--batch-size', 'ten');
    expect(bad.code).toBe(2);
    expect(bad.json).toEqual({ error: 'organisations reindex: --batch-size: must be a whole number' });
  });
});
