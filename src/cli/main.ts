/** Entry of `npm run cli -- <command> [flags]` (see run-cli.ts and commands/index.ts). */
import { createLogger } from '../adapters/logging/logger';
import { InvalidEnvironmentError, parseEnvOrThrow } from '../config/env';
import { EXIT_FAILURE, runCli } from './run-cli';

async function main(): Promise<number> {
  let env;
  try {
    env = parseEnvOrThrow();
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.stdout.write(`${JSON.stringify({ error: 'invalid environment' })}\n`);
    return EXIT_FAILURE;
  }
  const log = createLogger({ level: env.LOG_LEVEL, name: 'cli', destination: 'stderr', format: env.LOG_FORMAT, colour: !env.NO_COLOR });
  return runCli(process.argv.slice(2), { env, log, stdout: process.stdout, stderr: process.stderr });
}

const code = await main();
// Let stdout drain (a piped JSONL stream may still be writing) before leaving with the exit code.
process.stdout.write('', () => process.exit(code));
