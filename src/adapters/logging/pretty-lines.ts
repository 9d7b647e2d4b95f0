/**
 * Readable log lines for a terminal: pino's JSON line `{"level":30,"time":"...","msg":"ready","url":"..."}`
 * becomes `08:18:07 INFO  ready  url=http://localhost:3000`, the level coloured, an error's stack indented
 * under its line. Pure; the logger (logger.ts) uses it when stdout is a TTY (LOG_FORMAT=auto) or when asked
 * (LOG_FORMAT=pretty). Everything else (a pipe, a file, a log collector) keeps the JSON lines.
 */

const LEVELS: Readonly<Record<number, { label: string; colour: string }>> = {
  10: { label: 'TRACE', colour: '90' },
  20: { label: 'DEBUG', colour: '90' },
  30: { label: 'INFO ', colour: '36' },
  40: { label: 'WARN ', colour: '33' },
  50: { label: 'ERROR', colour: '31' },
  60: { label: 'FATAL', colour: '41;97' },
};

/** Fields every line has, or that the line's own layout already shows. */
const SHOWN = new Set(['level', 'time', 'msg', 'name', 'err', 'pid', 'hostname']);

export interface PrettyOptions {
  /** ANSI colours (a terminal that shows them). */
  colour: boolean;
}

function paint(text: string, code: string, options: PrettyOptions): string {
  return options.colour ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function clock(time: unknown): string {
  if (typeof time !== 'string' && typeof time !== 'number') return '--:--:--';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toTimeString().slice(0, 8);
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

function errorLines(err: unknown): { summary: string; stack: string[] } | null {
  if (err === undefined || err === null) return null;
  if (typeof err !== 'object') return { summary: String(err), stack: [] };
  const record = err as { message?: unknown; stack?: unknown; type?: unknown };
  const message = typeof record.message === 'string' ? record.message : JSON.stringify(err);
  const stack = typeof record.stack === 'string' ? record.stack.split('\n').slice(1) : [];
  return { summary: message, stack: stack.map((line) => `    ${line.trim()}`) };
}

/** One JSON log line (a trailing newline allowed) as one or more readable lines, ending in a newline. */
export function prettyLogLine(json: string, options: PrettyOptions): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return json.endsWith('\n') ? json : `${json}\n`;
    entry = parsed as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = LEVELS[typeof entry.level === 'number' ? entry.level : 30] ?? { label: String(entry.level), colour: '0' };
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${paint(key, '2', options)}=${fieldValue(value)}`);
  const err = errorLines(entry.err);
  const parts = [paint(clock(entry.time), '2', options), paint(level.label, level.colour, options), typeof entry.msg === 'string' ? entry.msg : ''];
  if (err) parts.push(paint(err.summary, level.colour, options));
  if (fields.length > 0) parts.push(fields.join(' '));
  const lines = [parts.filter((part) => part !== '').join(' ')];
  if (err && typeof entry.level === 'number' && entry.level >= 40) lines.push(...err.stack.map((line) => paint(line, '2', options)));
  return `${lines.join('\n')}\n`;
}
