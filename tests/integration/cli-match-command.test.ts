/**
 * `npm run cli -- match FILE.csv ...`: streams a supplier CSV, writes one result line per row (CSV or JSON lines
 * by --out's extension) with the decision, the best candidate's score, grades and explanation, and the
 * runner-up when close; the account's private organisations count only with --account; bad flags and files
 * are usage errors or failures with the JSON error shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeAccount, makeOrganisation } from '../support/factories';
import { startFakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { runCliInProcess } from '../../src/cli/__fixtures__/cli-in-process';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../src/cli/run-cli';

let database: TestDatabase;
let dir: string;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-match-'));
  accountId = (await makeAccount(database.db)).id;
  await makeOrganisation(database.db, { name: 'Pellucidor Mining Pty Ltd', identifiers: [{ type: 'ABN', value: '51824753556' }] });
  await makeOrganisation(database.db, { name: 'Ostravine Dairy Pty Ltd' }, { ownerAccountId: accountId });
}, 120_000);
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  return cliWith({}, ...argv);
}

async function cliWith(extraEnv: Record<string, string>, ...argv: string[]) {
  const { code, text } = await runCliInProcess(database.url, argv, extraEnv);
  return { code, json: JSON.parse(text) as Record<string, unknown> };
}

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

describe('cli match', () => {
  const suppliers = () =>
    file('suppliers.csv', '\uFEFFvendor,abn,land\r\nPellucidor Mining,51 824 753 556,AU\r\n"Ostravine Dairy",,AUS\r\n"Multi\nline supplier",,\r\n');

  it('writes a CSV result, one line per row in file order, and a summary on stdout', async () => {
    const out = path.join(dir, 'result.csv');
    const run = await cli('match', suppliers(), '--name-column', 'vendor', '--identifier-column', 'abn', '--country-column', 'land', '--out', out);
    expect(run).toMatchObject({ code: EXIT_OK, json: { rows: 3, match: 1, review: 0, no_match: 2, assessor: 'calibrated', out } });
    const lines = fs.readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^row,name,country,identifier,website,decision,organisation_id,organisation_name,score,grade_name,/);
    expect(lines[1]).toMatch(/^1,Pellucidor Mining,AU,51 824 753 556,,match,[0-9a-f-]{36},Pellucidor Mining Pty Ltd,\d+,same,same,missing,same,/);
    // Without --account, another account's private organisation is invisible.
    expect(lines[2]).toMatch(/^2,Ostravine Dairy,AUS,,,no_match,/);
    expect(lines.slice(3).join('\n')).toMatch(/^3,"Multi\nline supplier",/);
  });

  it("with --account sees the account's private organisations; .jsonl writes JSON lines", async () => {
    const out = path.join(dir, 'result.jsonl');
    const run = await cli('match', suppliers(), '--name-column', 'vendor', '--out', out, '--account', accountId, '--batch-size', '1');
    expect(run).toMatchObject({ code: EXIT_OK, json: { rows: 3, match: 2 } });
    const lines = fs
      .readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { row: number; decision: string; best: { name: string } | null; explanation: string });
    expect(lines.map((l) => [l.row, l.decision])).toEqual([
      [1, 'match'],
      [2, 'match'],
      [3, 'no_match'],
    ]);
    expect(lines[1]?.best?.name).toBe('Ostravine Dairy Pty Ltd');
    expect(lines[1]?.explanation).toContain('Ostravine');
  });

  it('refuses bad flags as usage errors and a file without the named column as a failure', async () => {
    expect(await cli('match', suppliers(), '--out', path.join(dir, 'x.csv'))).toMatchObject({
      code: EXIT_USAGE,
      json: { error: 'match: --name-column: is required' },
    });
    expect((await cli('match', suppliers(), '--name-column', 'vendor', '--out', path.join(dir, 'x.txt'))).code).toBe(EXIT_USAGE);
    expect(await cli('match', suppliers(), '--name-column', 'Supplier', '--out', path.join(dir, 'x.csv'))).toMatchObject({
      code: EXIT_FAILURE,
      json: { code: 'validation_failed', issues: [{ field: 'columns.name', rule: 'unknown_column' }] },
    });
    expect(await cli('match', path.join(dir, 'absent.csv'), '--name-column', 'vendor', '--out', path.join(dir, 'x.csv'))).toMatchObject({
      code: EXIT_FAILURE,
      json: { code: 'validation_failed' },
    });
  });

  it('with --registry looks up the rows without a match on the registry of their country (the default country otherwise), capped', async () => {
    const abr = await startFakeAbr({ latency: 'zero' });
    try {
      const input = file('registry.csv', 'vendor,land\nPellucidor Mining,AU\nNullarbor Freight,AU\nKakadu Constructions,\nLamington Foods,AU\n');
      const out = path.join(dir, 'registry.jsonl');
      const run = await cliWith(
        { ABR_GUID: 'sandbox-guid', ABR_BASE_URL: abr.url },
        ...['match', input, '--name-column', 'vendor', '--country-column', 'land', '--out', out, '--registry', '--default-country', 'Australia'],
        ...['--registry-max-rows', '2'],
      );
      expect(run).toMatchObject({ code: EXIT_OK, json: { rows: 4, registry: { lookedUp: 2, found: 2, failed: 0, skipped: 1 } } });
      const lines = fs
        .readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { decision: string; best: { kind: string; registry?: string } | null; registry: { status: string } | null });
      expect(lines[0]?.registry).toBeNull();
      expect(lines[1]).toMatchObject({ best: { kind: 'registry', registry: 'ABN Lookup' }, registry: { status: 'found' } });
      expect(lines[2]).toMatchObject({ best: { kind: 'registry', registry: 'ABN Lookup' }, registry: { status: 'found' } });
      expect(lines[3]?.registry?.status).toBe('skipped');
      expect((await cli('match', input, '--name-column', 'vendor', '--out', out, '--registry', '--default-country', 'Atlantis')).code).toBe(EXIT_USAGE);
    } finally {
      await abr.close();
    }
  });
});
