/**
 * Fault injection shared by every contract fake: each fake can be told to be slow, to answer a status,
 * to send a malformed body, to reset the connection or to hang, for the next N requests or for all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Fault =
  | { kind: 'delay'; ms: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'malformed' }
  | { kind: 'reset' }
  | { kind: 'hang' }
  /** Headers at once, body only after `ms` (slow first byte of the body). */
  | { kind: 'slow-body'; ms: number };

interface Scheduled {
  fault: Fault;
  remaining: number; // Infinity for "until cleared"
}

export class FaultPlan {
  private queue: Scheduled[] = [];
  /** Latency added to every answer (the provider's normal speed), in ms; a function for jitter. */
  baseLatency: () => number = () => 0;

  /** Applies `fault` to the next `times` requests (default: every request until `clear()`). */
  inject(fault: Fault, times = Number.POSITIVE_INFINITY): void {
    this.queue.push({ fault, remaining: times });
  }

  clear(): void {
    this.queue = [];
  }

  /** Takes the fault for this request, if any. */
  next(): Fault | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) this.queue.shift();
    return head.fault;
  }
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Serves one answer through the plan: applies the base latency and any scheduled fault, otherwise writes
 * `answer()`. Returns once the response is finished (or abandoned for reset/hang).
 */
export async function answerWithFaults(
  plan: FaultPlan,
  req: IncomingMessage,
  res: ServerResponse,
  answer: () => { status?: number; contentType: string; body: string; headers?: Record<string, string> },
  malformedBody = '{"this is": not json',
): Promise<void> {
  const closed = new AbortController();
  res.on('close', () => closed.abort());
  const fault = plan.next();
  await sleep(plan.baseLatency(), closed.signal);
  if (closed.signal.aborted) return;
  if (fault?.kind === 'delay') await sleep(fault.ms, closed.signal);
  if (closed.signal.aborted) return;
  switch (fault?.kind) {
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      return; // never answers; the client's timeout or abort ends it
    case 'status':
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(fault.body ?? JSON.stringify({ error: { message: `injected status ${fault.status}` } }));
      return;
    case 'malformed':
      res.writeHead(200, { 'content-type': answer().contentType });
      res.end(malformedBody);
      return;
    case 'slow-body': {
      const a = answer();
      res.writeHead(a.status ?? 200, { 'content-type': a.contentType, ...a.headers });
      res.flushHeaders();
      await sleep(fault.ms, closed.signal);
      if (!closed.signal.aborted) res.end(a.body);
      return;
    }
    default: {
      const a = answer();
      res.writeHead(a.status ?? 200, { 'content-type': a.contentType, ...a.headers });
      res.end(a.body);
    }
  }
}

/** Counts the connections a fake has open and saw closed, so tests can prove an abort reached it. */
export class ConnectionLog {
  opened = 0;
  closedByClient = 0;
  requests: { method: string; url: string }[] = [];
  track(req: IncomingMessage, res: ServerResponse): void {
    this.opened += 1;
    this.requests.push({ method: req.method ?? 'GET', url: req.url ?? '' });
    res.on('close', () => {
      if (!res.writableFinished) this.closedByClient += 1;
    });
  }
}
