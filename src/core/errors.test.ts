import { describe, expect, it, vi } from 'vitest';
import * as errors from './errors';
import {
  AppError,
  ConflictError,
  ERROR_CODES,
  ERROR_RESULTS,
  errorBodyOf,
  errorBodySchema,
  errorCodeForStatus,
  ForbiddenError,
  HeadersTooLargeError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from './errors';

/** A second copy of this module, as Next.js bundles one for routes while `npm start` loads another. */
async function otherCopyOfErrors(): Promise<typeof errors> {
  vi.resetModules();
  return import('./errors');
}

describe('AppError instanceof', () => {
  it('matches its own classes as usual, and not a plain Error', () => {
    const conflict = new ConflictError('locked', 'try again shortly');
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toBeInstanceOf(AppError);
    expect(conflict).not.toBeInstanceOf(NotFoundError);
    expect(new Error('x')).not.toBeInstanceOf(AppError);
    expect((null as unknown as object) instanceof AppError).toBe(false);
  });

  it('matches an error thrown by another copy of the module by its code, never another class', async () => {
    const other = await otherCopyOfErrors();
    expect(other.ConflictError).not.toBe(ConflictError);
    const conflict = new other.ConflictError('locked', 'try again shortly');
    expect(conflict).toBeInstanceOf(AppError);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).not.toBeInstanceOf(NotFoundError);
    expect(new other.RateLimitedError(12)).toBeInstanceOf(RateLimitedError);
    expect(new other.ValidationError([{ field: 'query', rule: 'too_big', message: 'm' }])).toBeInstanceOf(ValidationError);
    expect(new other.UnavailableError('db down')).toBeInstanceOf(UnavailableError);
  });
});

describe('the error table (ERROR_RESULTS)', () => {
  /** One instance of every AppError class. */
  const instances: AppError[] = [
    new ValidationError([{ field: 'query', rule: 'too_big', message: 'm' }]),
    new UnauthorizedError(),
    new ForbiddenError('off'),
    new NotFoundError('gone'),
    new MethodNotAllowedError('PUT', ['GET']),
    new ConflictError('locked'),
    new RateLimitedError(3),
    new HeadersTooLargeError(16_384),
    new UnavailableError('db down'),
  ];

  it('has one row per code, and every class takes its name from its row', () => {
    expect(instances.map((error) => error.code).sort()).toEqual([...ERROR_CODES].sort());
    for (const error of instances) expect(error.name).toBe(ERROR_RESULTS[error.code].name);
  });

  it('gives each code its HTTP status, and a status back its code', () => {
    expect(Object.fromEntries(ERROR_CODES.map((code) => [code, ERROR_RESULTS[code].status]))).toEqual({
      validation_failed: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      rate_limited: 429,
      headers_too_large: 431,
      unavailable: 503,
    });
    for (const code of ERROR_CODES) expect(errorCodeForStatus(ERROR_RESULTS[code].status)).toBe(code);
    expect(errorCodeForStatus(500)).toBeUndefined();
  });

  it('makes bodies the error body schema accepts, issues only for a validation failure', () => {
    for (const error of instances) {
      const body = errorBodyOf(error);
      expect(errorBodySchema.parse(body)).toEqual(body);
      expect(body.code).toBe(error.code);
      expect('issues' in body).toBe(error instanceof ValidationError);
    }
    expect(errorBodySchema.safeParse({ error: 'x', code: 'internal' }).success).toBe(true);
    expect(errorBodySchema.safeParse({ error: 'x', code: 'teapot' }).success).toBe(false);
  });
});
