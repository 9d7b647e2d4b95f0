/**
 * Whether the database answers, asked at most once per `upForMs` while it does (the answer is reused) and on
 * every call while it does not (so recovery shows at once). Concurrent callers share one probe, and a probe
 * that takes longer than `timeoutMs` counts as down.
 */
export interface DatabaseAvailabilityOptions {
  probe: () => Promise<unknown>;
  upForMs?: number;
  timeoutMs?: number;
}

export function databaseAvailability(options: DatabaseAvailabilityOptions): () => Promise<boolean> {
  const { probe, upForMs = 1_000, timeoutMs = 5_000 } = options;
  let upUntil = 0;
  let inFlight: Promise<boolean> | null = null;
  const ask = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      const up = await Promise.race([probe().then(() => true as const), timeout]);
      if (up) upUntil = Date.now() + upForMs;
      return up;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (Date.now() < upUntil) return Promise.resolve(true);
    inFlight ??= ask().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
