/**
 * What every server action answers: `{ ok: true, data }` or `{ ok: false, error }` with the error's stable
 * name and its user message only (internal messages never reach the browser), plus the field issues of a
 * validation failure; the name is the error table's (`ERROR_RESULTS`, core/errors.ts). An action never throws
 * to the page.
 */
import type { ActionError, ActionErrorName, ActionResult } from '../../core/action-result';
import { AppError, ERROR_RESULTS, ValidationError } from '../../core/errors';
import type { Log } from '../../server/ports';

export type { ActionError, ActionErrorName, ActionResult };

export function toActionError(error: unknown, log: Pick<Log, 'error'>, fallbackMessage = 'Something went wrong; please try again'): ActionError {
  if (error instanceof ValidationError) return { name: 'ValidationError', message: error.userMessage, issues: error.issues };
  if (error instanceof AppError) return { name: ERROR_RESULTS[error.code].name, message: error.userMessage };
  log.error({ err: error }, 'server action failed');
  return { name: 'InternalError', message: fallbackMessage };
}

/** Runs an action body: the result, or the error as a value. */
export async function runAction<T>(log: Pick<Log, 'error'>, body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    return { ok: false, error: toActionError(error, log) };
  }
}
