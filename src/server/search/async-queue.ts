/**
 * A small unbounded queue that several producers push into and one consumer awaits: the search stream's
 * merge point, so registry and agent results are handled in arrival order the moment they exist.
 */
export class AsyncQueue<T> {
  private readonly items: T[] = [];
  private waiters: ((item: T | undefined) => void)[] = [];
  private closed = false;

  push(item: T): void {
    if (this.closed) return;
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }

  /** Ends the queue: pending and later `next()` calls give undefined once the buffered items are gone. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters) waiter(undefined);
    this.waiters = [];
  }

  /** The next item, or undefined once the queue is closed and drained. */
  next(): Promise<T | undefined> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift());
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
