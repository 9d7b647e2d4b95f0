/**
 * A webhook receiver for tests: a real HTTP server on loopback that records every request (path, headers, raw body)
 * and answers what the test says per request (a status, after a delay, or never: `hang` until closed).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
}

export type ReceiverAnswer = { status: number; delayMs?: number } | 'hang';

export interface TestWebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedWebhook[];
  /** Decides each answer (default: 204). */
  answer: (request: ReceivedWebhook) => ReceiverAnswer;
  close(): Promise<void>;
}

export async function startTestWebhookReceiver(): Promise<TestWebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: TestWebhookReceiver = {
    origin: '',
    received: [],
    answer: () => ({ status: 204 }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedWebhook = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: new Date() };
      receiver.received.push(request);
      const answer = receiver.answer(request);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      setTimeout(() => res.writeHead(answer.status).end(), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
