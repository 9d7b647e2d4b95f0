import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { findAccountIdForApiKey } from '../../src/adapters/auth/api-keys';
import { findFlagValues } from '../../src/adapters/db/queries/feature-flags';
import { accountMembers, accountOrganisations, authUsers, organisationOwners, organisations } from '../../src/adapters/db/schema';
import { runCliInProcess } from '../../src/cli/__fixtures__/cli-in-process';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../src/cli/run-cli';

const run = promisify(execFile);
let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI in this process against the test database; returns exit code, stdout (its JSON when one line) and stderr. */
const cli = (...argv: string[]) => runCliInProcess(database.url, argv);

async function newAccount(name = 'CLI Account'): Promise<string> {
  const { code, json } = await cli('accounts', 'create', '--name', name);
  expect(code).toBe(EXIT_OK);
  expect(json?.accountId).toMatch(/^[0-9a-f-]{36}$/);
  return String(json?.accountId);
}

describe('operator CLI', () => {
  it('runs end to end as its own process: JSON on stdout, logs on stderr, exit codes', async () => {
    // A clean environment: only what the CLI reads (node runs tsx's loader directly, so no PATH is needed).
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'info' } as const;
    const cliProcess = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env });
    const created = await cliProcess('accounts', 'create', '--name', 'Spawned Account');
    const { accountId } = JSON.parse(created.stdout) as { accountId: string };
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);
    const file = path.join(dir, 'spawned.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ name: 'Spawned Org Pty Ltd', countryIsoAlpha3: 'AUS' })}\nnope\n`);
    // The import and the usage error side by side: most of a run is its process's start (tsx's loader and the CLI's
    // imports, one core each), and the first run above has left tsx's transform cache warm for both.
    const [imported, failed] = await Promise.all([
      cliProcess('import', 'organisations', file, '--owner', accountId),
      cliProcess('accounts', 'remove').catch((e: unknown) => e),
    ]);
    expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 1, rejected: 1, errors: [{ line: 2 }] });
    expect(imported.stderr).toContain('line 2: invalid JSON');

    expect(failed).toMatchObject({ code: EXIT_USAGE });
    const failure = failed as { stdout: string; stderr: string };
    expect(JSON.parse(failure.stdout)).toEqual({ error: 'unknown command: accounts remove' });
    expect(failure.stderr).toContain('Usage: npm run cli -- <command> [flags]');
  }, 60_000);

  it('reports unknown commands, unknown flags and bad values as usage errors (exit 2)', async () => {
    expect(await cli('frobnicate')).toMatchObject({ code: EXIT_USAGE, json: { error: 'unknown command: frobnicate' } });
    const badFlag = await cli('accounts', 'create', '--nam', 'x');
    expect(badFlag.code).toBe(EXIT_USAGE);
    expect(String(badFlag.json?.error)).toContain("Unknown option '--nam'");
    expect(badFlag.stderr).toContain('Usage: npm run cli -- accounts create --name NAME');
    expect(await cli('accounts', 'create')).toMatchObject({ code: EXIT_USAGE, json: { error: 'accounts create: --name: is required' } });
    expect(await cli('api-keys', 'create', '--account', 'nope')).toMatchObject({
      code: EXIT_USAGE,
      json: { error: 'api-keys create: --account: must be an account id (uuid)' },
    });
    expect((await cli('flags', 'set', '--flag', 'feature/nope', '--value', 'true')).code).toBe(EXIT_USAGE);
    expect((await cli('flags', 'set', '--flag', 'devMode', '--value', 'yes')).code).toBe(EXIT_USAGE);
    expect((await cli('import', 'organisations')).json).toEqual({ error: 'import organisations: FILE: is required' });
    expect((await cli('import', 'organisations', 'a.jsonl', 'b.jsonl')).code).toBe(EXIT_USAGE);
  });

  it('fails with exit 1 and a JSON error for a missing account or file', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await cli('api-keys', 'create', '--account', missing)).toMatchObject({ code: EXIT_FAILURE, json: { code: 'not_found' } });
    expect(await cli('import', 'organisations', path.join(dir, 'absent.jsonl'))).toMatchObject({ code: EXIT_FAILURE, json: { code: 'validation_failed' } });
  });

  it('creates API keys that authenticate as the account', async () => {
    const accountId = await newAccount();
    const { code, json } = await cli('api-keys', 'create', '--account', accountId);
    expect(code).toBe(EXIT_OK);
    expect(await findAccountIdForApiKey(database.db, String(json?.apiKey))).toBe(accountId);
  });

  it("lists an account's keys without the key, and revokes one by id (a second revoke keeps the first time; an unknown id is not_found)", async () => {
    const accountId = await newAccount();
    const created = await cli('api-keys', 'create', '--account', accountId, '--name', 'ci');
    const apiKey = String(created.json?.apiKey);
    const listed = await cli('api-keys', 'list', '--account', accountId);
    expect(listed.code).toBe(EXIT_OK);
    const keys = listed.json?.apiKeys as { id: string; name: string; prefix: string; revokedAt: string | null }[];
    expect(keys).toEqual([expect.objectContaining({ name: 'ci', prefix: apiKey.slice(0, 8), revokedAt: null })]);
    expect(listed.text).not.toContain(apiKey);
    const keyId = keys[0]?.id ?? '';
    const revoked = await cli('api-keys', 'revoke', keyId);
    expect(revoked).toMatchObject({ code: EXIT_OK, json: { id: keyId, accountId } });
    expect(await findAccountIdForApiKey(database.db, apiKey)).toBeUndefined();
    const again = await cli('api-keys', 'revoke', keyId);
    expect(again.json?.revokedAt).toBe(revoked.json?.revokedAt);
    expect((await cli('api-keys', 'revoke', '00000000-0000-4000-8000-000000000000')).json).toMatchObject({ code: 'not_found' });
    expect((await cli('api-keys', 'revoke', 'nope')).code).toBe(EXIT_USAGE);
  });

  it('creates users who are members of the account with it active; a taken email is a conflict', async () => {
    const accountId = await newAccount();
    const { code, json } = await cli('users', 'create', '--account', accountId, '--email', 'Ops@Example.com', '--password', 'long-enough-1');
    expect(code).toBe(EXIT_OK);
    expect(json).toMatchObject({ email: 'ops@example.com', accountId });
    const [user] = await database.db.select().from(authUsers).where(eq(authUsers.email, 'ops@example.com'));
    expect(user?.activeAccountId).toBe(accountId);
    expect(
      await database.db
        .select()
        .from(accountMembers)
        .where(eq(accountMembers.userId, user?.id ?? '')),
    ).toHaveLength(1);
    const again = await cli('users', 'create', '--account', accountId, '--email', 'ops@example.com', '--password', 'long-enough-1');
    expect(again).toMatchObject({ code: EXIT_FAILURE, json: { code: 'conflict' } });
    const short = await cli('users', 'create', '--account', accountId, '--email', 'x@example.com', '--password', 'short');
    expect(short).toMatchObject({ code: EXIT_FAILURE, json: { code: 'validation_failed' } });
  });

  it('sets a flag for one account, or the default for all accounts', async () => {
    const accountId = await newAccount();
    expect(await cli('flags', 'set', '--flag', 'feature/dev-mode', '--value', 'true', '--account', accountId)).toMatchObject({
      code: EXIT_OK,
      json: { flag: 'feature/dev-mode', value: true, scope: accountId },
    });
    expect((await cli('flags', 'set', '--flag', 'devMode', '--value', 'false')).code).toBe(EXIT_OK);
    expect(await findFlagValues(database.db, { flagKey: 'feature/dev-mode', accountId })).toEqual({ account: true, allAccounts: false });
  });

  it('imports organisations with --owner and --link, and transactions for the account', async () => {
    const owner = await newAccount('Owner');
    const linker = await newAccount('Linker');
    const file = path.join(dir, 'orgs.jsonl');
    fs.writeFileSync(
      file,
      [
        JSON.stringify({ name: 'Cli Owned Pty Ltd', countryIsoAlpha3: 'AUS', identifiers: [{ type: 'ACN', value: '005 749 986' }] }),
        JSON.stringify({ name: 'Cli Bad Pty Ltd', identifiers: [{ type: 'ACN', value: '005 749 987' }] }),
      ].join('\n'),
    );
    const owned = await cli('import', 'organisations', file, '--owner', owner, '--link', linker);
    expect(owned).toMatchObject({ code: EXIT_OK, json: { imported: 1, rejected: 1, errors: [{ line: 2, reason: expect.stringMatching(/ACN/) }] } });
    expect(owned.stderr).toContain('line 2: identifiers.0.value: not a valid ACN');
    const [org] = await database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, 'Cli Owned Pty Ltd'));
    const orgId = org?.id ?? '';
    expect(await database.db.select({ a: organisationOwners.accountId }).from(organisationOwners).where(eq(organisationOwners.organisationId, orgId))).toEqual([
      { a: owner },
    ]);
    expect(
      await database.db.select({ a: accountOrganisations.accountId }).from(accountOrganisations).where(eq(accountOrganisations.organisationId, orgId)),
    ).toEqual([{ a: linker }]);

    const csv = path.join(dir, 'tx.csv');
    fs.writeFileSync(csv, `organisationId,type,amount,currency,date\n${orgId},SPENT,10.00,AUD,2026-11-01\n`);
    // The organisation is private to `owner`: the linker's import cannot see it.
    expect(await cli('import', 'transactions', csv, '--account', linker)).toMatchObject({ code: EXIT_OK, json: { imported: 0, rejected: 1 } });
    expect(await cli('import', 'transactions', csv, '--account', owner)).toMatchObject({ code: EXIT_OK, json: { imported: 1, rejected: 0 } });
    fs.writeFileSync(csv, `organisationId,type,amount\n`);
    expect(await cli('import', 'transactions', csv, '--account', owner)).toMatchObject({ code: EXIT_FAILURE, json: { code: 'validation_failed' } });
  });

  it('import organisations --enrich queues organisation.enrich for every organisation created, in pgboss.job, and leaves them PENDING', async () => {
    const owner = await newAccount('Enricher');
    const file = path.join(dir, 'enrich.jsonl');
    fs.writeFileSync(
      file,
      [
        JSON.stringify({ name: 'Cli Enrich Direct Pty Ltd', countryIsoAlpha3: 'AUS', website: 'www.cli-enrich-direct.com.au' }),
        JSON.stringify({ name: 'Cli Enrich Agentic Limited', countryIsoAlpha3: 'GBR' }),
        JSON.stringify({ name: 'Cli Enrich Bad', profileStatus: 'DONE' }),
        JSON.stringify({ name: 'Cli Enrich Global Group' }),
      ].join('\n'),
    );
    const imported = await cli('import', 'organisations', file, '--owner', owner, '--enrich', '--batch-size', '2');
    expect(imported).toMatchObject({ code: EXIT_OK, json: { imported: 3, rejected: 1, enrichmentQueued: 3, errors: [{ line: 3 }] } });
    expect(imported.stderr).toContain('line 3: profileStatus: ');

    const created = await database.db
      .select({ id: organisations.id, name: organisations.name, status: organisations.profileStatus, source: organisations.profileSource })
      .from(organisations)
      .where(sql`${organisations.name} like 'Cli Enrich %'`);
    expect(created.map((o) => [o.name, o.status, o.source]).sort()).toEqual([
      ['Cli Enrich Agentic Limited', 'PENDING', 'agentic'],
      ['Cli Enrich Direct Pty Ltd', 'PENDING', 'direct'],
      ['Cli Enrich Global Group', 'PENDING', 'agentic'],
    ]);
    const id = (name: string) => created.find((o) => o.name === name)?.id;
    const jobs = await database.db.execute<{ data: unknown; state: string; singleton_key: string | null }>(
      sql`select data, state, singleton_key from pgboss.job where name = 'organisation.enrich' and data->>'accountId' = ${owner} order by data->>'organisationId'`,
    );
    expect(jobs.rows).toHaveLength(3);
    expect(jobs.rows.map((j) => j.data)).toEqual(
      expect.arrayContaining([
        {
          organisationId: id('Cli Enrich Direct Pty Ltd'),
          accountId: owner,
          profileSource: 'direct',
          website: 'https://cli-enrich-direct.com.au',
          countryIsoAlpha3: 'AUS',
        },
        { organisationId: id('Cli Enrich Agentic Limited'), accountId: owner, profileSource: 'agentic', website: null, countryIsoAlpha3: 'GBR' },
        { organisationId: id('Cli Enrich Global Group'), accountId: owner, profileSource: 'agentic', website: null, countryIsoAlpha3: null },
      ]),
    );
    // One enrichment at a time per organisation (the queue's singleton key), none started: no worker runs here.
    for (const job of jobs.rows) expect(job.state).toBe('created');
    expect(new Set(jobs.rows.map((j) => j.singleton_key))).toEqual(new Set(created.map((o) => o.id)));
  });

  it('import organisations --enrich needs --owner or --link (usage error, exit 2, nothing imported)', async () => {
    const file = path.join(dir, 'enrich-nobody.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ name: 'Cli Enrich Nobody Ltd', countryIsoAlpha3: 'NZL' })}\n`);
    expect(await cli('import', 'organisations', file, '--enrich')).toMatchObject({
      code: EXIT_USAGE,
      json: { error: 'import organisations: --enrich: needs --owner or --link (the account the enrichment is queued for)' },
    });
    expect(await database.db.select().from(organisations).where(eq(organisations.name, 'Cli Enrich Nobody Ltd'))).toEqual([]);
    // Without --enrich the summary says so too.
    expect(await cli('import', 'organisations', file)).toMatchObject({ code: EXIT_OK, json: { imported: 1, enrichmentQueued: 0 } });
  });

  it('generates JSONL to a file (summary on stdout) or to stdout, which imports as is', async () => {
    const file = path.join(dir, 'generated.jsonl');
    expect(await cli('generate', 'organisations', '--count', '1500', '--seed', '3', '--out', file)).toMatchObject({
      code: EXIT_OK,
      json: { written: 1500, file },
    });
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1500);
    expect(await cli('import', 'organisations', file)).toMatchObject({ json: { imported: 1500, rejected: 0 } });
    const toStdout = await cli('generate', 'organisations', '--count', '3', '--seed', '3');
    expect(toStdout.code).toBe(EXIT_OK);
    const lines = toStdout.text.split('\n').map((l) => JSON.parse(l) as { name: string });
    expect(lines.map((l) => l.name)).toEqual(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .slice(0, 3)
        .map((l) => (JSON.parse(l) as { name: string }).name),
    );
    expect((await cli('generate', 'organisations', '--count', '0')).code).toBe(EXIT_USAGE);
  });
});
