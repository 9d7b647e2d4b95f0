/**
 * Expected failures, each with a literal `code`. `message` is for logs; `userMessage` is the only text
 * a client ever sees. The spec identifies some errors by name (ConflictError), so names are stable.
 */
import { z } from 'zod';

/**
 * The one error-to-result table: for each code, the HTTP status of its answer (`toErrorResponse`, and read
 * backwards for Better Auth's answers) and the name a server action reports (`toActionError`), which is also
 * the error class's `name`. The operator CLI prints the same body (`errorBodyOf`) for every code and exits 1
 * (a usage error, 2, is not an AppError). A failure that is not an AppError is `internal`: 500, `InternalError`.
 */
export const ERROR_RESULTS = {
  validation_failed: { status: 400, name: 'ValidationError' },
  unauthorized: { status: 401, name: 'UnauthorizedError' },
  forbidden: { status: 403, name: 'ForbiddenError' },
  not_found: { status: 404, name: 'NotFoundError' },
  method_not_allowed: { status: 405, name: 'MethodNotAllowedError' },
  conflict: { status: 409, name: 'ConflictError' },
  rate_limited: { status: 429, name: 'RateLimitedError' },
  headers_too_large: { status: 431, name: 'HeadersTooLargeError' },
  unavailable: { status: 503, name: 'UnavailableError' },
} as const satisfies Record<string, { status: number; name: `${string}Error` }>;

export type ErrorCode = keyof typeof ERROR_RESULTS;
/** The HTTP statuses of the table. */
export type AppErrorStatus = (typeof ERROR_RESULTS)[ErrorCode]['status'];
/** The names a server action reports for an AppError. */
export type AppErrorName = (typeof ERROR_RESULTS)[ErrorCode]['name'];

/** Every code, in the table's order (validated bodies and the API document enumerate them). */
export const ERROR_CODES = Object.keys(ERROR_RESULTS) as [ErrorCode, ...ErrorCode[]];

/** The code a status stands for (the table read backwards), for answers we did not make (Better Auth's). */
export function errorCodeForStatus(status: number): ErrorCode | undefined {
  return ERROR_CODES.find((code) => ERROR_RESULTS[code].status === status);
}

/** Marks every AppError, whichever copy of this module created it (see `Symbol.hasInstance` below). */
const APP_ERROR_BRAND = Symbol.for('organisation-search.AppError');

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
  /** Each concrete class names its code here too, so `instanceof` can match across module copies. */
  static readonly errorCode: ErrorCode | undefined = undefined;
  readonly userMessage: string;
  readonly [APP_ERROR_BRAND] = true;
  constructor(message: string, userMessage: string = message) {
    super(message);
    this.userMessage = userMessage;
  }

  /**
   * `npm start` builds the container in Node's module graph while Next.js bundles its own copy of this file
   * for routes and server actions, so an error thrown by a use case is not an instance of the route's class.
   * `instanceof` therefore also accepts an error branded by any copy, matched by its literal `code`.
   */
  static override [Symbol.hasInstance](this: { errorCode: ErrorCode | undefined; prototype: object }, instance: unknown): boolean {
    if (typeof instance !== 'object' || instance === null) return false;
    if (Object.prototype.isPrototypeOf.call(this.prototype, instance)) return true;
    if ((instance as { [APP_ERROR_BRAND]?: unknown })[APP_ERROR_BRAND] !== true) return false;
    return this.errorCode === undefined || (instance as { code?: unknown }).code === this.errorCode;
  }
}

export const validationIssueSchema = z.object({
  /** Dotted path of the offending field, e.g. `query` or `identifiers.0.value`; '' for the whole body. */
  field: z.string().describe('Dotted path, "" for the whole body'),
  /** The rule that failed, e.g. `too_big`, `too_small`, `invalid_format`, `required`. */
  rule: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/**
 * A failed zod parse as issues, the one mapping for every boundary (HTTP bodies and parameters, action
 * inputs, job payloads): each field as a dotted path and the rule that failed, `required` for a missing value.
 * The parse must run with `reportInput: true` for `required` to be told from a wrong type.
 */
export function validationIssuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    rule: issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.code,
    message: issue.message,
  }));
}

export class ValidationError extends AppError {
  override readonly name = ERROR_RESULTS.validation_failed.name;
  static override readonly errorCode = 'validation_failed' as const;
  readonly code = 'validation_failed' as const;
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[], message = 'Invalid request') {
    super(`${message}: ${issues.map((i) => `${i.field || '(body)'} ${i.rule}`).join(', ')}`, message);
    this.issues = issues;
  }
}

export class UnauthorizedError extends AppError {
  override readonly name = ERROR_RESULTS.unauthorized.name;
  static override readonly errorCode = 'unauthorized' as const;
  readonly code = 'unauthorized' as const;
  constructor(message = 'An active account is required') {
    super(message, 'Authentication required: sign in or send an API key for an active account');
  }
}

export class ForbiddenError extends AppError {
  override readonly name = ERROR_RESULTS.forbidden.name;
  static override readonly errorCode = 'forbidden' as const;
  readonly code = 'forbidden' as const;
}

export class NotFoundError extends AppError {
  override readonly name = ERROR_RESULTS.not_found.name;
  static override readonly errorCode = 'not_found' as const;
  readonly code = 'not_found' as const;
}

export class ConflictError extends AppError {
  override readonly name = ERROR_RESULTS.conflict.name;
  static override readonly errorCode = 'conflict' as const;
  readonly code = 'conflict' as const;
}

export class RateLimitedError extends AppError {
  override readonly name = ERROR_RESULTS.rate_limited.name;
  static override readonly errorCode = 'rate_limited' as const;
  readonly code = 'rate_limited' as const;
  readonly retryAfterSeconds: number;
  /** `userMessage` names what was limited; the default is the search's (its routes were the first limited). */
  constructor(retryAfterSeconds: number, userMessage = 'Too many searches; please wait a moment and try again') {
    super(`Rate limit exceeded; retry in ${retryAfterSeconds}s`, userMessage);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The request line and headers together exceed the server's limit (the HTTP server answers it, before any route). */
export class HeadersTooLargeError extends AppError {
  override readonly name = ERROR_RESULTS.headers_too_large.name;
  static override readonly errorCode = 'headers_too_large' as const;
  readonly code = 'headers_too_large' as const;
  constructor(limitBytes: number) {
    super(`request line and headers over ${limitBytes} bytes`, `The request line and headers must not exceed ${limitBytes / 1024} KB`);
  }
}

export class UnavailableError extends AppError {
  override readonly name = ERROR_RESULTS.unavailable.name;
  static override readonly errorCode = 'unavailable' as const;
  readonly code = 'unavailable' as const;
}

/** A method the route does not answer; `allow` lists the ones it does (the `Allow` header). */
export class MethodNotAllowedError extends AppError {
  override readonly name = ERROR_RESULTS.method_not_allowed.name;
  static override readonly errorCode = 'method_not_allowed' as const;
  readonly code = 'method_not_allowed' as const;
  readonly allow: readonly string[];
  constructor(method: string, allow: readonly string[]) {
    super(`method ${method} not allowed; allowed: ${allow.join(', ')}`, 'This method is not allowed on this route');
    this.allow = allow;
  }
}

/**
 * What a caller outside the process sees of a failure, the one error-to-result mapping shared by the HTTP
 * answers (`toErrorResponse`) and the operator CLI: the user message, the code and, for a validation failure,
 * its field issues; never the internal `message`.
 */
export const errorBodySchema = z.object({
  error: z.string().describe('A safe message for people; never internal details'),
  code: z.enum([...ERROR_CODES, 'internal'] as const),
  issues: z.array(validationIssueSchema).optional().describe('Only with validation_failed: each field and the rule it broke'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBodyOf(error: AppError): ErrorBody {
  const body: ErrorBody = { error: error.userMessage, code: error.code };
  if (error instanceof ValidationError) body.issues = error.issues;
  return body;
}
