/**
 * The Lock port over the `locks` table: one row per key with an owner token and an expiry.
 * Acquire is a single set-if-absent statement that also takes over an expired lock; it never waits
 * and never polls. Renew (the holder's heartbeat) and release touch the row only while the token still owns it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Lock } from '../../server/ports';
import type { Db } from '../db/client';

export function createPostgresLock(db: Db): Lock {
  return {
    async tryAcquire(key, ttlMs) {
      const token = randomUUID();
      const result = await db.execute<{ owner: string }>(sql`
        insert into locks (key, owner, expires_at)
        values (${key}, ${token}, now() + ${Math.max(1, Math.round(ttlMs))} * interval '1 millisecond')
        on conflict (key) do update set owner = excluded.owner, expires_at = excluded.expires_at
          where locks.expires_at < now()
        returning owner`);
      return result.rows[0]?.owner === token ? token : null;
    },
    async renew(key, token, ttlMs) {
      const result = await db.execute(sql`
        update locks set expires_at = now() + ${Math.max(1, Math.round(ttlMs))} * interval '1 millisecond'
        where key = ${key} and owner = ${token}`);
      return (result.rowCount ?? 0) > 0;
    },
    async release(key, token) {
      await db.execute(sql`delete from locks where key = ${key} and owner = ${token}`);
    },
  };
}
