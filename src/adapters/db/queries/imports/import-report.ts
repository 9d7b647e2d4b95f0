/** What an import returns: counts, the first rejected lines with their reasons, and its speed. */
export interface RejectedLine {
  /** 1-based line number in the file (a CSV's header is line 1). */
  line: number;
  reason: string;
}

export interface ImportSummary {
  imported: number;
  rejected: number;
  /** The first MAX_REPORTED_ERRORS rejected lines. */
  errors: RejectedLine[];
  seconds: number;
  /** Imported rows per second. */
  rate: number;
}

export interface ImportProgress {
  /** Lines read so far (including rejected and blank lines). */
  lines: number;
  imported: number;
  rejected: number;
}

export interface ImportHooks {
  /** Called for every rejected line, as it is found. */
  onRejected?: (rejected: RejectedLine) => void;
  /** Called after each batch is written. */
  onProgress?: (progress: ImportProgress) => void;
}

export const MAX_REPORTED_ERRORS = 100;

/** Counts and times an import; `summary()` gives the report. */
export class ImportTally {
  imported = 0;
  rejected = 0;
  lines = 0;
  readonly errors: RejectedLine[] = [];
  private readonly started = performance.now();

  constructor(private readonly hooks: ImportHooks) {}

  reject(line: number, reason: string): void {
    this.rejected += 1;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push({ line, reason });
    this.hooks.onRejected?.({ line, reason });
  }

  progress(): void {
    this.hooks.onProgress?.({ lines: this.lines, imported: this.imported, rejected: this.rejected });
  }

  summary(): ImportSummary {
    const seconds = (performance.now() - this.started) / 1000;
    return {
      imported: this.imported,
      rejected: this.rejected,
      errors: this.errors,
      seconds: Math.round(seconds * 1000) / 1000,
      rate: seconds > 0 ? Math.round(this.imported / seconds) : this.imported,
    };
  }
}
