/** The CLI run in the test's own process against a test database: exit code, stdout (and its JSON when one line) and stderr. */
import { PassThrough } from 'node:stream';
import { createLogger } from '../../adapters/logging/logger';
import { parseEnvOrThrow } from '../../config/env';
import { runCli } from '../run-cli';

export async function runCliInProcess(databaseUrl: string, argv: string[], extraEnv: Record<string, string> = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const env = parseEnvOrThrow({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...extraEnv });
  const code = await runCli(argv, { env, log: createLogger({ level: 'silent', destination: 'stderr' }), stdout, stderr });
  const text = Buffer.concat(out).toString('utf8').trim();
  const single = text !== '' && !text.includes('\n');
  return { code, text, json: single ? (JSON.parse(text) as Record<string, unknown>) : undefined, stderr: Buffer.concat(err).toString('utf8') };
}
