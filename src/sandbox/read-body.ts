/**
 * The request body of a sandbox server (a contract fake or a sandbox control endpoint), as text, bounded: past
 * `maxBytes` the promise rejects with `BodyTooLargeError` and the rest of the body is read and dropped (so the server
 * can still answer on the connection), so one request cannot make a fake hold an unbounded body in memory.
 */
import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body must be at most ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => (size > maxBytes ? reject(new BodyTooLargeError(maxBytes)) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}
