/**
 * Held turns: a sandbox control that lets a browser test hold the search agent's model calls for one query until
 * it releases them, turn by turn (issue 21, section 1: the search says "done" when its last channel ends, which a
 * test can prove only if it decides when the agent's turns are answered, not a timer). A hold is armed for a word;
 * each discovery request whose query contains it waits; `release` answers the requests waiting now, and later ones
 * wait again until the next release; `disarm` answers everything and stops holding. Requests of other queries are
 * never held. The model fake keeps two: one for the discovery agent's queries, one for the enrichment agent's
 * organisation names (a browser test checks a PENDING profile, then lets the enrichment settle); neither holds the
 * other agent's requests. Served by the model fake on loopback (`/__sandbox/holds`); production never starts the fakes.
 */

export interface HoldCounts {
  /** Requests waiting now. */
  held: number;
  /** Requests let through by a release or the disarm, since the hold was armed. */
  released: number;
}

interface Hold {
  waiting: Set<() => void>;
  released: number;
}

export class TurnHolds {
  private readonly holds = new Map<string, Hold>();

  private static keyOf(word: string): string {
    return word.trim().toLowerCase();
  }

  /** Starts holding the requests whose query contains `word` (case-insensitive); arming it again starts its counts afresh. */
  arm(word: string): void {
    const key = TurnHolds.keyOf(word);
    if (key === '') return;
    this.disarm(key);
    this.holds.set(key, { waiting: new Set(), released: 0 });
  }

  /** Answers every request waiting for `word` and holds no more. */
  disarm(word: string): void {
    const key = TurnHolds.keyOf(word);
    const hold = this.holds.get(key);
    if (!hold) return;
    this.holds.delete(key);
    for (const go of hold.waiting) go();
  }

  /** Answers the requests waiting now for `word`; the next ones wait again. Returns how many were let through. */
  release(word: string): number {
    const hold = this.holds.get(TurnHolds.keyOf(word));
    if (!hold) return 0;
    const waiting = [...hold.waiting];
    hold.waiting.clear();
    hold.released += waiting.length;
    for (const go of waiting) go();
    return waiting.length;
  }

  counts(word: string): HoldCounts {
    const hold = this.holds.get(TurnHolds.keyOf(word));
    return { held: hold?.waiting.size ?? 0, released: hold?.released ?? 0 };
  }

  /**
   * Resolves when a request of `query` may be answered: at once unless an armed word is in the query; otherwise on
   * the next release (or disarm), or when `closed` aborts (the client went away; the request no longer counts).
   */
  async pass(query: string, closed: AbortSignal): Promise<void> {
    const text = query.toLowerCase();
    const hold = [...this.holds.entries()].find(([word]) => text.includes(word))?.[1];
    if (!hold || closed.aborted) return;
    await new Promise<void>((resolve) => {
      const go = () => {
        closed.removeEventListener('abort', gone);
        resolve();
      };
      const gone = () => {
        hold.waiting.delete(go);
        resolve();
      };
      hold.waiting.add(go);
      closed.addEventListener('abort', gone, { once: true });
    });
  }
}
