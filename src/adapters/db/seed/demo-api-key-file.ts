/**
 * The sandbox demo's API key, kept beside the data (`DATA_DIR/demo-api-key`, readable by its owner only) so
 * every `npm start` can print it in its banner, not only the first: the database keeps only the key's hash.
 * Sandbox only (the demo seed runs nowhere else). A key that no longer opens the demo account (revoked, or a
 * database that was replaced) is not shown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findAccountIdForApiKey } from '../../auth/api-keys';
import type { Db } from '../client';

const FILE_NAME = 'demo-api-key';

export function rememberDemoApiKey(dataDir: string, apiKey: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, FILE_NAME), `${apiKey}\n`, { mode: 0o600 });
}

/** The remembered demo key when it still opens the demo account; else undefined. */
export async function recallDemoApiKey(db: Db, dataDir: string, accountId: string): Promise<string | undefined> {
  let apiKey: string;
  try {
    apiKey = fs.readFileSync(path.join(dataDir, FILE_NAME), 'utf8').trim();
  } catch {
    return undefined;
  }
  if (apiKey === '') return undefined;
  return (await findAccountIdForApiKey(db, apiKey)) === accountId ? apiKey : undefined;
}
