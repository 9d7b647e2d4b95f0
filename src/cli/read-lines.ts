/**
 * A file's lines, streamed (readline over a read stream): the consumer's `for await` pulls lines as it
 * goes, and readline pauses the file stream while lines wait, so memory stays bounded however big the file.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { ValidationError } from '../core/errors';

export interface FileLines {
  readonly size: number;
  lines(): AsyncGenerator<string>;
  bytesRead(): number;
}

export async function openFileLines(file: string): Promise<FileLines> {
  let size: number;
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch (error) {
    throw new ValidationError(
      [{ field: 'FILE', rule: 'readable_file', message: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` }],
      `Cannot read ${file}`,
    );
  }
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  return {
    size,
    bytesRead: () => stream.bytesRead,
    async *lines() {
      const reader = readline.createInterface({ input: stream, crlfDelay: Infinity });
      let first = true;
      try {
        for await (const line of reader) {
          if (first) {
            first = false;
            yield line.replace(/^\uFEFF/, '');
          } else yield line;
        }
      } finally {
        reader.close();
        stream.destroy();
      }
    },
  };
}
