/**
 * The process logger (pino). JSON lines for machines; readable lines (pretty-lines.ts) for a person at a
 * terminal: `format: 'auto'` (LOG_FORMAT, the default) picks readable when the destination is a TTY, JSON
 * otherwise (a pipe, a file, a log collector, the browser tests that read the `ready` line).
 */
import fs from 'node:fs';
import tty from 'node:tty';
import pino from 'pino';
import { prettyLogLine } from './pretty-lines';

export type Logger = pino.Logger;
export type LogFormat = 'auto' | 'json' | 'pretty';

export interface LoggerOptions {
  level: string;
  name?: string;
  /** The server logs to stdout; the CLI passes stderr, keeping stdout for its answers. */
  destination?: 'stdout' | 'stderr';
  format?: LogFormat;
  /** Readable lines on a terminal are coloured unless this is false (NO_COLOR). */
  colour?: boolean;
}

/** Whether the logger writes readable lines: `pretty`, or `auto` on a terminal. */
export function writesPrettyLines(options: Pick<LoggerOptions, 'destination' | 'format'>): boolean {
  const fd = options.destination === 'stderr' ? 2 : 1;
  const format = options.format ?? 'auto';
  return format === 'pretty' || (format === 'auto' && tty.isatty(fd));
}

export function createLogger(options: LoggerOptions): Logger {
  const fd = options.destination === 'stderr' ? 2 : 1;
  const settings = { level: options.level, name: options.name, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (!writesPrettyLines(options)) return pino(settings, pino.destination(fd));
  const colour = tty.isatty(fd) && options.colour !== false;
  // Synchronous: a terminal's lines stay in order with what a child process (the first `next build`) prints.
  const readable = {
    write(line: string) {
      try {
        fs.writeSync(fd, prettyLogLine(line, { colour }));
      } catch {
        // The terminal went away (EIO, EPIPE): a line that cannot be written must not stop what is being logged.
      }
    },
  };
  return pino(settings, readable);
}
