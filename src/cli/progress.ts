/**
 * Progress on stderr: a `cli-progress` bar when stderr is a terminal, otherwise a plain line every few
 * seconds (so logs of non-interactive runs still show progress without a line per batch).
 */
import type { Writable } from 'node:stream';
import cliProgress from 'cli-progress';

export interface Progress {
  update(value: number, counts?: Record<string, number>): void;
  stop(): void;
}

export function createProgress(stderr: Writable, options: { label: string; total: number; unit: string }): Progress {
  const isTty = 'isTTY' in stderr && stderr.isTTY === true;
  if (isTty) {
    const bar = new cliProgress.SingleBar(
      {
        stream: stderr,
        format: `${options.label} [{bar}] {percentage}% | {value}/{total} ${options.unit} | {counts} | {eta_formatted} left`,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(options.total, 0, { counts: '' });
    return {
      update: (value, counts) => bar.update(Math.min(value, options.total), { counts: formatCounts(counts) }),
      stop: () => bar.stop(),
    };
  }
  let last = 0;
  let latest = '';
  const line = (value: number, counts?: Record<string, number>) =>
    `${options.label}: ${value}/${options.total} ${options.unit}${counts ? ` (${formatCounts(counts)})` : ''}\n`;
  return {
    update(value, counts) {
      latest = line(value, counts);
      const now = Date.now();
      if (now - last >= 5_000) {
        last = now;
        stderr.write(latest);
      }
    },
    stop() {
      if (latest !== '') stderr.write(latest);
    },
  };
}

function formatCounts(counts: Record<string, number> | undefined): string {
  if (!counts) return '';
  return Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}
