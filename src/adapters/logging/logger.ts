import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stderr-free stdout for the server; the CLI passes a stderr destination. */
export function createLogger(options: { level: string; name?: string; destination?: 'stdout' | 'stderr' }): Logger {
  const dest = options.destination === 'stderr' ? pino.destination(2) : pino.destination(1);
  return pino({ level: options.level, name: options.name, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, dest);
}
