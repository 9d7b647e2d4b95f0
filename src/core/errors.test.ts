import { describe, expect, it, vi } from 'vitest';
import * as errors from './errors';
import { AppError, ConflictError, NotFoundError, RateLimitedError, UnavailableError, ValidationError } from './errors';

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
