/**
 * What `addOrganisationNAICSAction` answers (the control reads it): the synced Aquila1 result, or an error named
 * the way the interface tells errors apart. Here, not in `src/app`, so components can read it.
 */
import type { AppErrorName, ValidationIssue } from '../../core/errors';
import type { AddOrganisationNaicsResult } from './add-organisation-naics';

/** The error names the interface distinguishes (ConflictError shows a "try again shortly" message); any other is InternalError. */
export const ADD_NAICS_DISTINGUISHED_ERRORS = [
  'UnauthorizedError',
  'ForbiddenError',
  'ValidationError',
  'NotFoundError',
  'ConflictError',
] as const satisfies readonly AppErrorName[];

export type AddOrganisationNaicsErrorName = (typeof ADD_NAICS_DISTINGUISHED_ERRORS)[number] | 'InternalError';

export type AddOrganisationNaicsActionResult =
  | ({ ok: true } & Pick<AddOrganisationNaicsResult, 'aquila1Synced' | 'transactionsClassified' | 'naics' | 'aquila1' | 'aquila2'>)
  | { ok: false; error: { name: AddOrganisationNaicsErrorName; message: string; issues?: ValidationIssue[] } };
