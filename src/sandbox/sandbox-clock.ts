/**
 * The sandbox's clock (issue 23, section 4): `npm run cli -- sandbox advance --days N` moves it forward, and the
 * contract fakes that `npm start` (or `npm run worker`) runs apply the scripted changes of the days passed to their
 * registers, so monitoring finds them on its next pass: a company dissolved, one renamed, an LEI lapsed, a business
 * name added. The clock is a small file under DATA_DIR (the CLI and the running fakes are different processes); the
 * fakes look at it every second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FakeAbrEntity } from './abr/dataset';
import type { FakeLeiEntity } from './gleif/dataset';
import type { FakeCompany } from './opencorporates/dataset';

/** The fakes' registers, as the sandbox started them (copies it may change). */
export interface SandboxRegisters {
  abr: FakeAbrEntity[];
  openCorporates: FakeCompany[];
  gleif: FakeLeiEntity[];
}

interface ScriptedChange {
  /** The sandbox day on which the change happens (1: the first day advanced). */
  day: number;
  description: string;
  /** `date`: the sandbox day's date; `appliedAt`: now on the sandbox's clock (monitoring's, see sandboxNow). */
  apply(registers: SandboxRegisters, date: string, appliedAt: Date): void;
}

/** The scripted changes, on registered entities the demo seed and the fakes share. */
export const SANDBOX_SCRIPT: readonly ScriptedChange[] = [
  {
    day: 1,
    description: 'RED CENTRE MINING LIMITED: ABN cancelled (ABN Lookup)',
    apply: (r, date) => {
      for (const e of r.abr.filter((x) => x.entityName === 'RED CENTRE MINING LIMITED')) Object.assign(e, { status: 'Cancelled', statusFrom: date });
    },
  },
  {
    day: 1,
    description: 'YARRA VALLEY DAIRY PTY LTD: business name "Yarra Valley Cheese Co" added (ABN Lookup)',
    apply: (r) => {
      for (const e of r.abr.filter((x) => x.entityName === 'YARRA VALLEY DAIRY PTY LTD' && !x.businessNames.includes('Yarra Valley Cheese Co'))) {
        e.businessNames.push('Yarra Valley Cheese Co');
      }
    },
  },
  {
    day: 2,
    description: 'SOUTHERN CROSS SOLAR PTY LTD renamed SOUTHERN CROSS ENERGY PTY LTD (ABN Lookup)',
    apply: (r) => {
      for (const e of r.abr.filter((x) => x.entityName === 'SOUTHERN CROSS SOLAR PTY LTD')) {
        e.formerNames.push(e.entityName);
        e.entityName = 'SOUTHERN CROSS ENERGY PTY LTD';
      }
    },
  },
  {
    day: 2,
    description: 'FERNHOLLOW ANALYTICS LIMITED: LEI 9845001FERNHOLLOW064 lapsed (GLEIF)',
    // Dated when it is applied on the sandbox's clock, as GLEIF dates an LOU's update: later than any read before it,
    // so monitoring's changed-since query finds it however long ago the clock was started.
    apply: (r, _date, appliedAt) => {
      for (const e of r.gleif.filter((x) => x.lei === '9845001FERNHOLLOW064'))
        Object.assign(e, { registrationStatus: 'LAPSED', lastUpdateDate: appliedAt.toISOString().replace(/\.\d{3}Z$/, 'Z') });
    },
  },
  {
    day: 3,
    description: 'HARBOURLINE LOGISTICS LIMITED (gb/10234567) dissolved (OpenCorporates)',
    apply: (r, date) => {
      for (const c of r.openCorporates.filter((x) => x.jurisdiction_code === 'gb' && x.company_number === '10234567')) {
        Object.assign(c, { inactive: true, current_status: 'Dissolved', dissolution_date: date });
      }
    },
  },
];

/** The date of a sandbox day: the day the clock file was first written, plus `day`. */
function dateOf(started: string, day: number): string {
  return new Date(new Date(`${started}T00:00:00Z`).getTime() + day * 86_400_000).toISOString().slice(0, 10);
}

const clockSchema = z.object({ days: z.number().int().min(0), started: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export type SandboxClock = z.infer<typeof clockSchema>;

export const sandboxClockPath = (dataDir: string): string => path.join(dataDir, 'sandbox-clock.json');

/** The clock as written; a missing or unreadable file is day 0. */
export function readSandboxClock(file: string, today = new Date()): SandboxClock {
  try {
    const parsed = clockSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // no clock yet
  }
  return { days: 0, started: today.toISOString().slice(0, 10) };
}

/** Moves the clock `days` forward; answers the new clock and the scripted changes that fall in the days passed. */
export function advanceSandboxClock(file: string, days: number): { clock: SandboxClock; changes: string[] } {
  const before = readSandboxClock(file);
  const clock = { ...before, days: before.days + days };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(clock)}\n`);
  return { clock, changes: SANDBOX_SCRIPT.filter((c) => c.day > before.days && c.day <= clock.days).map((c) => c.description) };
}

/**
 * Applies to the registers the scripted changes of the days after `fromDay` up to `clock.days`; answers what it applied.
 * `now`: the real time (the sandbox's is `clock.days` later, as in sandboxNow).
 */
export function applySandboxDays(registers: SandboxRegisters, fromDay: number, clock: SandboxClock, now = new Date()): string[] {
  const due = SANDBOX_SCRIPT.filter((c) => c.day > fromDay && c.day <= clock.days);
  const appliedAt = new Date(now.getTime() + clock.days * DAY_MS);
  for (const change of due) change.apply(registers, dateOf(clock.started, change.day), appliedAt);
  return due.map((c) => c.description);
}

/**
 * Keeps the registers at the clock's day: applies what is due now, then looks at the file every `everyMs`. The clock
 * only moves forward (a clock set back applies nothing).
 */
export function followSandboxClock(file: string, registers: SandboxRegisters, onApplied: (changes: string[]) => void, everyMs = 1000): { stop(): void } {
  let applied = 0;
  const step = () => {
    const clock = readSandboxClock(file);
    if (clock.days <= applied) return;
    const changes = applySandboxDays(registers, applied, clock);
    applied = clock.days;
    if (changes.length > 0) onApplied(changes);
  };
  step();
  const timer = setInterval(step, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Monitoring's clock in sandbox mode: the real time moved forward by the sandbox's days, so that after `sandbox advance
 * --days N` the reads of the N days passed are due and the next pass finds the scripted changes (without it, a read
 * made before the advance would only be due again a real day later).
 */
export function sandboxNow(file: string): () => Date {
  return () => new Date(Date.now() + readSandboxClock(file).days * DAY_MS);
}
