/**
 * Forks a TypeScript module of bench/support as its own Node process (through tsx) with an IPC channel,
 * so its CPU time and memory are its own, and waits for typed messages from it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface TsChild<Message> {
  readonly process: ChildProcess;
  send(message: object): void;
  /** The next message of this type (rejects if the child exits first). */
  next<T extends Message>(type: string): Promise<T>;
  /** Asks the child to exit and waits for it. */
  stop(): Promise<void>;
}

export function forkTs<Message extends { type: string }>(moduleUrl: string, options: { execArgv?: string[] } = {}): TsChild<Message> {
  const child = fork(fileURLToPath(moduleUrl), [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, { resolve: (m: Message) => void; reject: (e: Error) => void }[]>();
  const queued: Message[] = [];
  child.on('message', (raw) => {
    const message = raw as Message;
    const waiter = waiting.get(message.type)?.shift();
    if (waiter) waiter.resolve(message);
    else queued.push(message);
  });
  child.on('exit', (code, signal) => {
    for (const list of waiting.values()) for (const w of list.splice(0)) w.reject(new Error(`child exited (code ${code}, signal ${signal})`));
  });
  return {
    process: child,
    send: (message) => child.send(message),
    next<T extends Message>(type: string): Promise<T> {
      const index = queued.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(queued.splice(index, 1)[0] as T);
      if (child.exitCode !== null) return Promise.reject(new Error(`child already exited (code ${child.exitCode})`));
      return new Promise<T>((resolve, reject) => {
        const list = waiting.get(type) ?? [];
        list.push({ resolve: (m) => resolve(m as T), reject });
        waiting.set(type, list);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'exit' });
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
