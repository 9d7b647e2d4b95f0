/**
 * Revocation reaches every instance within a second: two account resolvers (two processes' key caches) on
 * one database each LISTEN for revocations; both have the key cached, `revokeApiKey` (what
 * `api-keys revoke` runs) notifies on commit, and both refuse the key well before the 30 s cache time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { createAccountResolver } from '../../src/adapters/auth/account-resolver';
import { listenForApiKeyRevocations, type ApiKeyRevocationListener } from '../../src/adapters/auth/api-key-revocations';
import { createApiKey, revokeApiKey } from '../../src/adapters/auth/api-keys';
import { makeAccount } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
const listeners: ApiKeyRevocationListener[] = [];
const noSession = async () => null;
const bearer = (key: string) => new Headers({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
});
afterAll(async () => {
  await Promise.all(listeners.map((listener) => listener.close()));
  await database.drop();
});

async function instance() {
  const resolver = createAccountResolver(database.db, noSession);
  const listener = listenForApiKeyRevocations({
    connectionString: database.url,
    onRevoked: (keyHash) => resolver.forgetApiKey(keyHash),
    onGap: () => resolver.forgetApiKey(),
    log: pino({ level: 'silent' }),
  });
  listeners.push(listener);
  await listener.ready;
  return resolver;
}

describe('API key revocation', () => {
  it('reaches every instance within a second, not after the 30 s key cache', async () => {
    const [first, second] = [await instance(), await instance()];
    const account = await makeAccount(database.db);
    const key = await createApiKey(database.db, { accountId: account.id });
    const other = await createApiKey(database.db, { accountId: account.id });
    for (const resolver of [first, second]) {
      expect(await resolver.resolve(bearer(key.apiKey))).toMatchObject({ accountId: account.id });
      expect(await resolver.resolve(bearer(other.apiKey))).toMatchObject({ accountId: account.id });
    }
    const revokedAt = Date.now();
    await revokeApiKey(database.db, { id: key.id });
    for (const resolver of [first, second]) {
      while ((await resolver.resolve(bearer(key.apiKey))) !== null) {
        expect(Date.now() - revokedAt).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    // The other key of the account still works.
    expect(await first.resolve(bearer(other.apiKey))).toMatchObject({ accountId: account.id });
  });

  it('a lost listening connection forgets every cached key (a revocation may have been missed), then listens again', async () => {
    const resolver = await instance();
    const account = await makeAccount(database.db);
    const key = await createApiKey(database.db, { accountId: account.id });
    expect(await resolver.resolve(bearer(key.apiKey))).not.toBeNull();
    // Revoked while nobody listens: simulate the gap by killing this instance's listening connection first.
    await database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen api_key_revoked' and datname = current_database()`);
    await database.db.execute(sql`update api_keys set revoked_at = now() where id = ${key.id}`);
    const started = Date.now();
    while ((await resolver.resolve(bearer(key.apiKey))) !== null) {
      expect(Date.now() - started).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
