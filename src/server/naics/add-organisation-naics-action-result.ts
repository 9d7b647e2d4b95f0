/**
 * What `addOrganisationNAICSAction` answers (the control reads it): the synced Aquila1 result, or an error named
 * the way the interface tells errors apart. Types only, so components read it without importing `src/app`.
 */
import type { ValidationIssue } from '../../core/errors';
import type { AddOrganisationNaicsResult } from './add-organisation-naics';

/** The error names the interface distinguishes (ConflictError shows a "try again shortly" message). */
export type AddOrganisationNaicsErrorName = 'UnauthorizedError' | 'ForbiddenError' | 'ValidationError' | 'NotFoundError' | 'ConflictError' | 'InternalError';

export type AddOrganisationNaicsActionResult =
  | ({ ok: true } & Pick<AddOrganisationNaicsResult, 'aquila1Synced' | 'transactionsClassified' | 'naics' | 'aquila1' | 'aquila2'>)
  | { ok: false; error: { name: AddOrganisationNaicsErrorName; message: string; issues?: ValidationIssue[] } };
