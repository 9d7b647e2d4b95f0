/**
 * One HTTP request written byte for byte on a socket (what fetch refuses to send: TRACE, CONNECT, a raw space
 * in the path, no Host, ...) and the answer read until its body is whole or the server closes.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(host: string, port: number, text: string, timeoutMs = 30_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks).toString('latin1');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no whole answer in ${timeoutMs} ms: ${JSON.stringify(received().slice(0, 200))}`)));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A keep-alive answer does not close: stop once its whole body has arrived.
      const answer = parseAnswer(received());
      if (answer?.complete) socket.destroy();
    });
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const answer = parseAnswer(received());
      if (answer) resolve({ status: answer.status, headers: answer.headers, body: answer.body });
      else reject(new Error(`no HTTP answer: ${JSON.stringify(received().slice(0, 200))}`));
    });
    socket.write(text);
  });
}

/** The answer so far; `complete` once its whole body arrived (by Content-Length, or the last chunk of a chunked one). */
function parseAnswer(text: string): (RawAnswer & { complete: boolean }) | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const raw = text.slice(end + 4);
  const status = Number(statusLine.split(' ')[1]);
  if ((headers['transfer-encoding'] ?? '').toLowerCase().includes('chunked')) {
    const { body, complete } = dechunk(raw);
    return { status, headers, body, complete };
  }
  return { status, headers, body: raw, complete: Buffer.byteLength(raw, 'latin1') >= Number(headers['content-length'] ?? Infinity) };
}

/** A chunked body's data (RFC 9112 section 7.1), and whether its last (zero-size) chunk has arrived. */
function dechunk(raw: string): { body: string; complete: boolean } {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) return { body, complete: false };
    const size = Number.parseInt(raw.slice(at, lineEnd).split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) return { body, complete: false };
    if (size === 0) return { body, complete: true };
    const dataStart = lineEnd + 2;
    if (raw.length < dataStart + size + 2) return { body: body + raw.slice(dataStart), complete: false };
    body += raw.slice(dataStart, dataStart + size);
    at = dataStart + size + 2;
  }
}
