import { describe, expect, it } from 'vitest';
import { prettyLogLine } from './pretty-lines';

const at = (hours: number, minutes: number, seconds: number) => new Date(2026, 10, 28, hours, minutes, seconds).toISOString();

describe('prettyLogLine', () => {
  it('writes time, level and message, then the other fields as key=value', () => {
    const line = JSON.stringify({
      level: 30,
      time: at(8, 18, 7),
      name: 'organisation-search',
      msg: 'ready on http://localhost:3000',
      url: 'http://localhost:3000',
      mode: 'sandbox',
    });
    expect(prettyLogLine(`${line}\n`, { colour: false })).toBe('08:18:07 INFO  ready on http://localhost:3000 url=http://localhost:3000 mode=sandbox\n');
  });

  it('quotes a value with spaces and writes objects as JSON', () => {
    const line = JSON.stringify({ level: 40, time: at(9, 0, 0), msg: 'faked', note: 'no credentials', faked: ['a', 'b'] });
    expect(prettyLogLine(line, { colour: false })).toBe('09:00:00 WARN  faked note="no credentials" faked=["a","b"]\n');
  });

  it("puts an error's message on the line and its stack under it, indented", () => {
    const line = JSON.stringify({
      level: 50,
      time: at(9, 0, 1),
      msg: 'search failed',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)' },
    });
    expect(prettyLogLine(line, { colour: false })).toBe('09:00:01 ERROR search failed boom\n    at a (x.ts:1:1)\n    at b (y.ts:2:2)\n');
  });

  it('colours the level for a terminal', () => {
    const line = JSON.stringify({ level: 50, time: at(9, 0, 1), msg: 'x' });
    expect(prettyLogLine(line, { colour: true })).toContain('\u001b[31mERROR\u001b[0m');
  });

  it('passes through a line that is not a JSON object', () => {
    expect(prettyLogLine('plain text', { colour: false })).toBe('plain text\n');
    expect(prettyLogLine('[1,2]\n', { colour: false })).toBe('[1,2]\n');
  });
});
