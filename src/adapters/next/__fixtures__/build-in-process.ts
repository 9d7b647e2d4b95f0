/**
 * Run by production-build.test.ts as its own process, its stdout a pipe (so the logger writes JSON lines
 * asynchronously, as `npm start` does under a process manager): ensureProductionBuild in an empty project
 * directory with a stand-in build that prints one line, right after a few other lines were logged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../logging/logger';
import { ensureProductionBuild } from '../production-build';

const projectRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'osc-build-order-'));
const log = createLogger({ level: 'info', format: 'json' });
// As at a real start, other lines were logged just before (their write may still be in flight).
for (let i = 0; i < 3; i++) log.info({ step: i }, 'an earlier start-up step');
try {
  await ensureProductionBuild({ projectRoot, log, command: [process.execPath, '-e', "console.log('BUILD OUTPUT')"] });
} finally {
  fs.rmSync(projectRoot, { recursive: true, force: true });
}
