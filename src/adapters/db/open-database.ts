/**
 * Which database a process uses (DESIGN.md 2, "Embedded default"): DATABASE_URL when set; otherwise the
 * embedded PostgreSQL under DATA_DIR, reusing the server `npm start` already runs for that directory, or
 * starting one. Shared by `npm start` and the operator CLI so both always work on the same data.
 */
import type { Env } from '../../config/env';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface OpenedDatabase {
  /** Connection URL of the application database. */
  readonly url: string;
  /** True when this process started the embedded server (and so must stop it). */
  readonly owned: boolean;
  /** Stops the embedded server if this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>, log: (message: string) => void): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, owned: false, stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres(env.DATA_DIR, log);
  return {
    url: server.url,
    owned: server.owned,
    async stop() {
      if (server.owned) await server.stop();
    },
  };
}
