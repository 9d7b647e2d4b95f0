import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BUILD_NOTICE } from './production-build';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../../node_modules/.bin/tsx');

describe('ensureProductionBuild', () => {
  it("says it builds before the build's own output, when stdout is a pipe (asynchronous log writes)", async () => {
    const { stdout } = await promisify(execFile)(tsx, [path.join(here, '__fixtures__', 'build-in-process.ts')], { timeout: 20_000 });
    const lines = stdout.trim().split('\n');
    const notice = lines.findIndex((line) => line.includes(BUILD_NOTICE.slice(0, 40)));
    const output = lines.indexOf('BUILD OUTPUT');
    expect(notice, stdout).toBeGreaterThanOrEqual(0);
    expect(output, stdout).toBeGreaterThan(notice);
    expect(lines.at(-1)).toContain('Web application built');
  });
});
