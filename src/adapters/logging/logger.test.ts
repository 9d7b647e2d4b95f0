import tty from 'node:tty';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writesPrettyLines } from './logger';

/** Issue 21, section 6: logs are readable lines on a terminal and JSON otherwise (LOG_FORMAT=auto, the default). */
describe('writesPrettyLines', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Answers as if the descriptors in `terminals` were terminals and every other one a pipe. */
  function terminalsAre(...terminals: number[]) {
    return vi.spyOn(tty, 'isatty').mockImplementation((fd) => terminals.includes(fd));
  }

  it('writes readable lines when stdout is a terminal, and JSON when it is a pipe or a file', () => {
    const isatty = terminalsAre(1);
    expect(writesPrettyLines({})).toBe(true);
    expect(writesPrettyLines({ format: 'auto' })).toBe(true);
    expect(isatty).toHaveBeenCalledWith(1);
    terminalsAre();
    expect(writesPrettyLines({})).toBe(false);
    expect(writesPrettyLines({ format: 'auto' })).toBe(false);
  });

  it("looks at the logger's own destination: the CLI's stderr, not stdout", () => {
    terminalsAre(1);
    expect(writesPrettyLines({ destination: 'stderr' })).toBe(false);
    terminalsAre(2);
    expect(writesPrettyLines({ destination: 'stderr' })).toBe(true);
    expect(writesPrettyLines({ destination: 'stdout' })).toBe(false);
  });

  it('LOG_FORMAT=json and LOG_FORMAT=pretty win over what the destination is', () => {
    terminalsAre(1, 2);
    expect(writesPrettyLines({ format: 'json' })).toBe(false);
    terminalsAre();
    expect(writesPrettyLines({ format: 'pretty' })).toBe(true);
  });
});
