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
      if (answer && Buffer.byteLength(answer.body, 'latin1') >= Number(answer.headers['content-length'] ?? Infinity)) socket.destroy();
    });
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const answer = parseAnswer(received());
      if (answer) resolve(answer);
      else reject(new Error(`no HTTP answer: ${JSON.stringify(received().slice(0, 200))}`));
    });
    socket.write(text);
  });
}

function parseAnswer(text: string): RawAnswer | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}
