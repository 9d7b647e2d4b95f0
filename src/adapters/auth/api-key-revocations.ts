/**
 * Revocations reach every instance within a moment: each process LISTENs on `api_key_revoked` (sent by
 * `revokeApiKey` on commit, payload the key's hash) and drops that key from its key cache. While the
 * listening connection is down, notifications can be missed, so every loss (and every reconnection) drops
 * the whole cache: keys are then looked up again, never trusted past a revocation that was not heard.
 */
import pg from 'pg';
import type { Log } from '../../server/ports';
import { API_KEY_REVOKED_CHANNEL } from './api-keys';

export interface ApiKeyRevocationListener {
  /** Resolves once the first LISTEN is in place. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1000;

export function listenForApiKeyRevocations(options: {
  connectionString: string;
  onRevoked: (keyHash: string) => void;
  /** Notifications may have been missed: forget every cached key. */
  onGap: () => void;
  log: Pick<Log, 'warn'>;
}): ApiKeyRevocationListener {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === API_KEY_REVOKED_CHANNEL && message.payload) options.onRevoked(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    await next.connect();
    await next.query(`listen ${API_KEY_REVOKED_CHANNEL}`);
    options.onGap(); // anything revoked before this LISTEN was in place is looked up again
  }

  function lost(which: pg.Client, error: unknown): void {
    if (closed || which !== client) return;
    client = undefined;
    options.onGap();
    options.log.warn({ err: error }, 'API key revocation listener lost its connection; reconnecting');
    which.end().catch(() => undefined);
    retry = setTimeout(() => void connect().catch((failure: unknown) => lost(client ?? which, failure)), RECONNECT_DELAY_MS);
  }

  const ready = connect().catch((error: unknown) => {
    options.log.warn({ err: error }, 'API key revocation listener could not start; retrying');
    if (client) lost(client, error);
  });

  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
