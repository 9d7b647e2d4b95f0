/**
 * Expected failures, each with a literal `code`. `message` is for logs; `userMessage` is the only text
 * a client ever sees. The spec identifies some errors by name (ConflictError), so names are stable.
 */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable';

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
  readonly userMessage: string;
  constructor(message: string, userMessage: string = message) {
    super(message);
    this.userMessage = userMessage;
  }
}

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `query` or `identifiers.0.value`; '' for the whole body. */
  field: string;
  /** The rule that failed, e.g. `too_big`, `too_small`, `invalid_format`, `required`. */
  rule: string;
  message: string;
}

export class ValidationError extends AppError {
  override readonly name = 'ValidationError';
  readonly code = 'validation_failed' as const;
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[], message = 'Invalid request') {
    super(`${message}: ${issues.map((i) => `${i.field || '(body)'} ${i.rule}`).join(', ')}`, message);
    this.issues = issues;
  }
}

export class UnauthorizedError extends AppError {
  override readonly name = 'UnauthorizedError';
  readonly code = 'unauthorized' as const;
  constructor(message = 'An active account is required') {
    super(message, 'Authentication required: sign in or send an API key for an active account');
  }
}

export class ForbiddenError extends AppError {
  override readonly name = 'ForbiddenError';
  readonly code = 'forbidden' as const;
}

export class NotFoundError extends AppError {
  override readonly name = 'NotFoundError';
  readonly code = 'not_found' as const;
}

export class ConflictError extends AppError {
  override readonly name = 'ConflictError';
  readonly code = 'conflict' as const;
}

export class RateLimitedError extends AppError {
  override readonly name = 'RateLimitedError';
  readonly code = 'rate_limited' as const;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Rate limit exceeded; retry in ${retryAfterSeconds}s`, 'Too many searches; please wait a moment and try again');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class UnavailableError extends AppError {
  override readonly name = 'UnavailableError';
  readonly code = 'unavailable' as const;
}
