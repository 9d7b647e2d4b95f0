/**
 * The sandbox's webhook receiver (issue 23, section 4): a loopback HTTP server that checks each delivery's Standard
 * Webhooks signature with the endpoint's secret, as a customer's receiver would, answers 204 when it holds (401
 * otherwise) and reports every delivery, verified or not, to `onDelivery`. Bodies over 1 MB are refused (413).
 */
import http from 'node:http';
import { verifyWebhook } from '../../core/webhook-signature';
import { listenOnLoopback, type LoopbackServer } from '../listen-on-loopback';

export interface ReceivedDelivery {
  webhookId: string | null;
  timestamp: string | null;
  verified: boolean;
  /** Why it was refused (missing-headers, timestamp-out-of-tolerance, no-matching-signature); null when verified. */
  refusal: string | null;
  /** The body, parsed when it is JSON. */
  event: unknown;
}

const MAX_BODY_BYTES = 1_000_000;

export async function startWebhookReceiver(options: {
  secret: () => string;
  onDelivery: (delivery: ReceivedDelivery) => void;
  port?: number;
  now?: () => Date;
}): Promise<LoopbackServer> {
  const now = options.now ?? (() => new Date());
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const headers = { id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature') };
      const verification = verifyWebhook(options.secret(), headers, body, { now: now() });
      let event: unknown = body;
      try {
        event = JSON.parse(body);
      } catch {
        // Not JSON: reported as the text it is.
      }
      options.onDelivery({
        webhookId: headers.id,
        timestamp: headers.timestamp,
        verified: verification.ok,
        refusal: verification.ok ? null : verification.reason,
        event,
      });
      res.writeHead(verification.ok ? 204 : 401).end();
    });
  });
  return listenOnLoopback(server, options.port ?? 0);
}
