/**
 * Fault injection shared by every contract fake: each fake can be told to be slow, to answer a status,
 * to send a malformed body, to reset the connection or to hang, for the next N requests or for all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Timers } from '../server/ports';
import { realTimers, sleepOn } from '../server/timers';

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
  private taken = 0;
  private waiters: { count: number; resolve: () => void }[] = [];
  /** Latency added to every answer (the provider's normal speed), in ms; a function for jitter. */
  baseLatency: () => number = () => 0;
  /**
   * What the plan's waits (the base latency, a `delay`, a `slow-body`) run on: real timers, or a test's manual clock,
   * which the test advances instead of waiting out a 6 s `late` answer.
   */
  timers: Timers = realTimers;

  /** Applies `fault` to the next `times` requests (default: every request until `clear()`). */
  inject(fault: Fault, times = Number.POSITIVE_INFINITY): void {
    this.queue.push({ fault, remaining: times });
  }

  /** Whether a fault is still scheduled. */
  get scheduled(): boolean {
    return this.queue.length > 0;
  }

  /** Drops the faults still scheduled and starts `whenTaken`'s count again (a test's clean slate). */
  clear(): void {
    this.queue = [];
    this.taken = 0;
    this.waiters = [];
  }

  /** Takes the fault for this request, if any. */
  next(): Fault | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) this.queue.shift();
    this.taken += 1;
    for (const waiter of this.waiters.filter((w) => w.count <= this.taken)) waiter.resolve();
    this.waiters = this.waiters.filter((w) => w.count > this.taken);
    return head.fault;
  }

  /**
   * Resolves once `count` requests (since the plan began or was cleared) have taken an injected fault (the moment the faulty request has reached
   * the fake): a test's signal to act on it, instead of a guess at how long the request takes to arrive.
   */
  whenTaken(count: number): Promise<void> {
    if (this.taken >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}

/**
 * Waits `ms` on `timers` (real ones unless a test's plan says otherwise), or less when `signal` aborts (the
 * abortable sleep, which removes its listener, since one response may sleep many times on one signal); no wait at
 * all for `ms <= 0`.
 */
export function sleep(ms: number, signal?: AbortSignal, timers: Timers = realTimers): Promise<void> {
  return ms <= 0 || signal?.aborted ? Promise.resolve() : sleepOn(timers, ms, signal);
}

/** What is left for the fake to do after `takeFault`: answer, possibly with a slow body. */
export interface FaultOutcome {
  /** Aborted when the client goes away. */
  closed: AbortSignal;
  /** Set when the body must come `ms` after the headers. */
  slowBody: number | undefined;
}

/**
 * Applies the plan to one request: the base latency and a delay, then the faults that answer (or drop) the
 * request on their own: reset, hang, status, malformed. Returns null when the request was dealt with (or the
 * client left), otherwise what the fake still has to honour. Every fake goes through this one mechanism.
 */
export async function takeFault(
  plan: FaultPlan,
  req: IncomingMessage,
  res: ServerResponse,
  answers: { statusBody?: (status: number) => string; writeMalformed: () => void },
): Promise<FaultOutcome | null> {
  const closed = new AbortController();
  res.on('close', () => closed.abort());
  const fault = plan.next();
  await sleep(plan.baseLatency(), closed.signal, plan.timers);
  if (closed.signal.aborted) return null;
  if (fault?.kind === 'delay') await sleep(fault.ms, closed.signal, plan.timers);
  if (closed.signal.aborted) return null;
  switch (fault?.kind) {
    case 'reset':
      req.socket.destroy();
      return null;
    case 'hang':
      return null; // never answers; the client's timeout or abort ends it
    case 'status':
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(fault.body ?? answers.statusBody?.(fault.status) ?? JSON.stringify({ error: { message: `injected status ${fault.status}` } }));
      return null;
    case 'malformed':
      answers.writeMalformed();
      return null;
    default:
      return { closed: closed.signal, slowBody: fault?.kind === 'slow-body' ? fault.ms : undefined };
  }
}

/**
 * Serves one answer through the plan (takeFault), otherwise writes `answer()`. Returns once the response is
 * finished (or abandoned for reset/hang).
 */
export async function answerWithFaults(
  plan: FaultPlan,
  req: IncomingMessage,
  res: ServerResponse,
  answer: () => { status?: number; contentType: string; body: string; headers?: Record<string, string> },
  malformedBody = '{"this is": not json',
): Promise<void> {
  const outcome = await takeFault(plan, req, res, {
    writeMalformed: () => {
      res.writeHead(200, { 'content-type': answer().contentType });
      res.end(malformedBody);
    },
  });
  if (!outcome) return;
  const a = answer();
  res.writeHead(a.status ?? 200, { 'content-type': a.contentType, ...a.headers });
  if (outcome.slowBody !== undefined) {
    res.flushHeaders();
    await sleep(outcome.slowBody, outcome.closed, plan.timers);
    if (outcome.closed.aborted) return;
  }
  res.end(a.body);
}

/** Counts the connections a fake has open and saw closed, so tests can prove an abort reached it. */
export class ConnectionLog {
  opened = 0;
  closedByClient = 0;
  /** Responses written to the end. */
  answered = 0;
  requests: { method: string; url: string }[] = [];
  track(req: IncomingMessage, res: ServerResponse): void {
    this.opened += 1;
    this.requests.push({ method: req.method ?? 'GET', url: req.url ?? '' });
    res.on('close', () => {
      if (res.writableFinished) this.answered += 1;
      else this.closedByClient += 1;
    });
  }
}
