/**
 * The shape of an operator command. Each command lives in its own file under `commands/` and is listed
 * once in `commands/index.ts`. A command declares its flags (for `node:util` parseArgs), names its
 * positional arguments, validates all of them with one zod schema, and returns the JSON printed on stdout.
 */
import type { Writable } from 'node:stream';
import type { ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import type { Auth } from '../adapters/auth/better-auth';
import type { Database } from '../adapters/db/client';
import type { Logger } from '../adapters/logging/logger';
import type { Env } from '../config/env';

export type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface CommandContext {
  readonly env: Env;
  /** Structured logs, on stderr. */
  readonly log: Logger;
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** The migrated database `npm start` uses (opened on first call, closed when the command ends). */
  database(): Promise<Database>;
  /** Better Auth over that database (for creating users). */
  auth(): Promise<Auth>;
}

/** Returned by a command that wrote its own output to stdout (e.g. JSONL), so no JSON result follows. */
export const OUTPUT_WRITTEN = Symbol('output written');

export interface CliCommand {
  /** One line: the command with its flags, e.g. `accounts create --name NAME`. */
  readonly usage: string;
  readonly description: string;
  readonly options: ParseArgsOptionsConfig;
  /** Names of the positional arguments after the command words, in order. */
  readonly positionals: readonly string[];
  /**
   * Validates the flags and positionals (given by name) and runs the command. Invalid input is a usage
   * error (exit code 2), reported before anything else happens (the database is opened lazily).
   */
  execute(context: CommandContext, input: Record<string, unknown>): Promise<CommandOutcome>;
}

export type CommandOutcome = { ok: true; result: unknown } | { ok: false; usageError: string };

/** Ties a command's schema to its run function, so `run` receives the parsed, typed input. */
export function defineCommand<S extends z.ZodType>(definition: {
  usage: string;
  description: string;
  options?: ParseArgsOptionsConfig;
  positionals?: readonly string[];
  input: S;
  run(context: CommandContext, input: z.output<S>): Promise<unknown>;
}): CliCommand {
  const positionals = definition.positionals ?? [];
  return {
    usage: definition.usage,
    description: definition.description,
    options: definition.options ?? {},
    positionals,
    async execute(context, input) {
      const parsed = definition.input.safeParse(input);
      if (!parsed.success) {
        const usageError = parsed.error.issues.map((issue) => `${argumentLabel(issue.path, positionals)}: ${issue.message}`).join('; ');
        return { ok: false, usageError };
      }
      return { ok: true, result: await definition.run(context, parsed.data) };
    },
  };
}

/** `--owner` for a flag, `FILE` for a positional, as the usage line spells them. */
function argumentLabel(path: readonly PropertyKey[], positionals: readonly string[]): string {
  const [first] = path;
  if (first === undefined) return 'arguments';
  const name = String(first);
  return positionals.includes(name) ? name.toUpperCase() : `--${name}`;
}
