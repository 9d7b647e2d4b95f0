import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that take longest, longest first (vitest's JSON report, 29 November: 18-76 s each where the
 * median file takes 2 s). Without a cache of earlier runs, as in a fresh clone, vitest starts the larger files first,
 * and these are short to read: the two calibration files (a whole evaluation set through the quick search, 50-76 s)
 * started last and ended the tier alone, 40-70 s after the other forks had finished (docs/contributing.md, test suite).
 */
const SLOWEST = [
  'tests/integration/match-calibration.test.ts',
  'tests/integration/identity-calibration.test.ts',
  'tests/integration/match-batch-worker-kill.test.ts',
  'tests/integration/cli.test.ts',
  'tests/integration/search-one-company-once.test.ts',
  'tests/integration/enrichment-worker-kill.test.ts',
  'tests/integration/enrichment-worker.test.ts',
  'tests/integration/webhook-worker-kill.test.ts',
  'tests/integration/webhooks.test.ts',
  'tests/integration/sign-in-limit.test.ts',
];

/** Vitest's order (earlier runs' durations when it has them, else larger files first), with SLOWEST before the rest. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.indexOf(path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join('/'));
      return at === -1 ? SLOWEST.length : at;
    };
    return sorted
      .map((file, at) => ({ file, at }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at)
      .map(({ file }) => file);
  }
}
