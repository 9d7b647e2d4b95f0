/**
 * The first `npm start` builds the web application (`next build`, a few minutes on 2 cores). The notice says
 * so before the build's own output: pino writes asynchronously, so the notice is flushed before the build
 * starts, and the build runs as a child process the event loop keeps serving (Ctrl-C still stops the start).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logging/logger';

export const BUILD_NOTICE =
  'No production build found: building the web application once with `next build` (a few minutes on a small machine); its output follows';

export interface ProductionBuildOptions {
  projectRoot: string;
  log: Pick<Logger, 'info' | 'flush'>;
  /** The build command (default: this project's `next build`); tests pass a stand-in. */
  command?: readonly [string, ...string[]];
}

/** Builds when `.next/BUILD_ID` is missing; true when it built. Throws when the build fails. */
export async function ensureProductionBuild(options: ProductionBuildOptions): Promise<boolean> {
  if (fs.existsSync(path.join(options.projectRoot, '.next', 'BUILD_ID'))) return false;
  options.log.info(BUILD_NOTICE);
  await new Promise<void>((resolve) => options.log.flush(() => resolve()));
  const [file, ...args] = options.command ?? [process.execPath, path.join(options.projectRoot, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'];
  const build = spawn(file, args, { cwd: options.projectRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', (status) => resolve(status));
  });
  if (code !== 0) throw new Error(`next build failed (exit code ${code ?? 'none: stopped by a signal'})`);
  options.log.info('Web application built');
  return true;
}
