/**
 * The structured logger routes, server actions and use cases write to: details first, then the message
 * (pino's call shape; the composition root hands in pino). Declared here so nothing above the adapters
 * needs the adapter's type.
 */
export interface Log {
  debug(details: object, message?: string): void;
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
  child(bindings: Record<string, unknown>): Log;
}
