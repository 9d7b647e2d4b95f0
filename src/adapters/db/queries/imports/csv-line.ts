/**
 * One CSV record per line (RFC 4180 fields: commas, double-quoted fields with "" as an escaped quote).
 * Records spanning several lines (a newline inside quotes) are not supported: an unterminated quote is
 * reported as an error for that line, never silently joined with the next.
 */
export type CsvLine = { ok: true; fields: string[] } | { ok: false; reason: string };

export function parseCsvLine(line: string): CsvLine {
  const fields: string[] = [];
  let at = 0;
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  for (;;) {
    if (text[at] === '"') {
      let value = '';
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote === -1) return { ok: false, reason: 'unterminated quoted field' };
        value += text.slice(at, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          at = quote + 2;
          continue;
        }
        at = quote + 1;
        break;
      }
      if (at < text.length && text[at] !== ',') return { ok: false, reason: `unexpected character after a quoted field at column ${at + 1}` };
      fields.push(value);
    } else {
      const comma = text.indexOf(',', at);
      const end = comma === -1 ? text.length : comma;
      const value = text.slice(at, end);
      if (value.includes('"')) return { ok: false, reason: `stray quote in an unquoted field at column ${at + 1}` };
      fields.push(value);
      at = end;
    }
    if (at >= text.length) return { ok: true, fields };
    at += 1; // past the comma
    if (at === text.length) {
      fields.push('');
      return { ok: true, fields };
    }
  }
}
