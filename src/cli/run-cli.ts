/**
 * The operator CLI's runner: finds the command in the registry, parses its flags with `node:util`
 * parseArgs, runs it against the database `npm start` uses, and prints its JSON result on stdout.
 * Progress and logs go to stderr. Exit codes: 0 success, 1 failure, 2 usage error (unknown command or
 * bad flag), always with `{"error": ...}` on stdout when not 0.
 */
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createAuth, type Auth } from '../adapters/auth/better-auth';
import { createDatabase, type Database } from '../adapters/db/client';
import { runMigrations } from '../adapters/db/migrate';
import { openDatabase, type OpenedDatabase } from '../adapters/db/open-database';
import type { Logger } from '../adapters/logging/logger';
import type { Env } from '../config/env';
import { AppError, errorBodyOf } from '../core/errors';
import { OUTPUT_WRITTEN, type CliCommand, type CommandContext } from './command';
import { COMMANDS } from './commands';

export interface CliIo {
  readonly env: Env;
  readonly log: Logger;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export function usageText(): string {
  const lines = Object.values(COMMANDS).flatMap((c) => [`  ${c.usage}`, `      ${c.description}`]);
  return [
    'Usage: npm run cli -- <command> [flags]',
    '',
    'Commands:',
    ...lines,
    '',
    'JSON results go to stdout, progress and logs to stderr. Exit codes: 0 ok, 1 failed, 2 usage error.',
    'Database: DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR (the one `npm start` runs, or started for the command).',
  ].join('\n');
}

/** The longest run of leading words that names a command: `import organisations`, `validate-website`. */
function findCommand(argv: readonly string[]): { name: string; command: CliCommand; rest: string[] } | undefined {
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-')) break;
    words.push(arg);
  }
  for (let n = Math.min(words.length, 3); n >= 1; n -= 1) {
    const name = words.slice(0, n).join(' ');
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (command) return { name, command, rest: argv.slice(n) };
  }
  return undefined;
}

function writeJson(stream: Writable, value: unknown): void {
  stream.write(`${JSON.stringify(value)}\n`);
}

function usageError(io: CliIo, message: string, usage: string): number {
  io.stderr.write(`${message}\n\n${usage}\n`);
  writeJson(io.stdout, { error: message });
  return EXIT_USAGE;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.stderr.write(`${usageText()}\n`);
    if (argv.length === 0) {
      writeJson(io.stdout, { error: 'no command given' });
      return EXIT_USAGE;
    }
    writeJson(io.stdout, { commands: Object.values(COMMANDS).map((c) => c.usage) });
    return EXIT_OK;
  }
  const found = findCommand(argv);
  if (!found)
    return usageError(
      io,
      `unknown command: ${argv
        .filter((a) => !a.startsWith('-'))
        .slice(0, 2)
        .join(' ')}`,
      usageText(),
    );
  const { name, command, rest } = found;
  const commandUsage = `Usage: npm run cli -- ${command.usage}\n  ${command.description}`;

  let values: Record<string, unknown>;
  try {
    const parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
    if (parsed.positionals.length > command.positionals.length) {
      return usageError(io, `${name}: unexpected argument ${JSON.stringify(parsed.positionals[command.positionals.length])}`, commandUsage);
    }
    values = { ...parsed.values };
    command.positionals.forEach((positional, i) => {
      values[positional] = parsed.positionals[i];
    });
  } catch (error) {
    return usageError(io, `${name}: ${error instanceof Error ? error.message : String(error)}`, commandUsage);
  }

  const resources = new CommandResources(io);
  try {
    const outcome = await command.execute(resources.context(), values);
    if (!outcome.ok) return usageError(io, `${name}: ${outcome.usageError}`, commandUsage);
    if (outcome.result !== OUTPUT_WRITTEN) writeJson(io.stdout, outcome.result);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof AppError) {
      io.log.error({ code: error.code, err: error.message }, `${name} failed`);
      writeJson(io.stdout, errorBodyOf(error));
    } else {
      io.log.error({ err: error }, `${name} failed`);
      writeJson(io.stdout, { error: error instanceof Error ? error.message : String(error) });
    }
    return EXIT_FAILURE;
  } finally {
    await resources.close();
  }
}

/** The database (and auth) a command uses, opened on first use and released when the command ends. */
class CommandResources {
  private opened: OpenedDatabase | undefined;
  private database: Promise<Database> | undefined;
  private auth: Auth | undefined;

  constructor(private readonly io: CliIo) {}

  context(): CommandContext {
    return {
      env: this.io.env,
      log: this.io.log,
      stdout: this.io.stdout,
      stderr: this.io.stderr,
      database: () => this.openDatabase(),
      auth: async () => {
        const { db } = await this.openDatabase();
        this.auth ??= createAuth(db, this.io.env);
        return this.auth;
      },
    };
  }

  private openDatabase(): Promise<Database> {
    this.database ??= (async () => {
      const opened = await openDatabase(this.io.env, (message) => this.io.log.info(message));
      this.opened = opened;
      const database = createDatabase(opened.url, { max: 4, applicationName: 'organisation-search-cli' });
      await runMigrations(database.db);
      return database;
    })();
    return this.database;
  }

  async close(): Promise<void> {
    if (this.database) await (await this.database.catch(() => undefined))?.close();
    await this.opened?.stop();
  }
}
