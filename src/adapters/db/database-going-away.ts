/**
 * PostgreSQL closing a connection itself: a fast or smart shutdown, a crash recovery or an administrator's
 * pg_terminate_backend (SQLSTATE 57P01-57P03), or the socket ending under a client. It is the database's
 * state, not a fault of the process: on Ctrl-C the terminal signals the embedded PostgreSQL along with
 * `npm start`, and its connections close a moment before the process closes them itself.
 */
const GOING_AWAY_CODES = new Set(['57P01', '57P02', '57P03']);

export function isDatabaseGoingAway(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && GOING_AWAY_CODES.has(code)) return true;
  return typeof message === 'string' && /^Connection terminated( unexpectedly)?$/.test(message);
}
