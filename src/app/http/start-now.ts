/**
 * Starts an async generator's work now instead of on the first read: its first `next()` is called at
 * once, and the returned generator hands that first result over before reading on. Used when the work
 * (a search's provider calls) should overlap with something the caller still awaits before it can start
 * reading. Stopping it before the first result is the producer's own business (its abort signal); a
 * rejection of the early read is kept for the reader, never reported as unhandled.
 */
export function startNow<T>(items: AsyncGenerator<T>): AsyncGenerator<T> {
  const first = items.next();
  first.catch(() => undefined);
  return (async function* () {
    const result = await first;
    if (result.done) return;
    yield result.value;
    yield* items;
  })();
}
