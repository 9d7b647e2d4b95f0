/**
 * The match object batch matching scores rows with. Until the calibrated `assessMatch` (issue "Match quality
 * you can trust", src/core/match-confidence.ts) is merged, this is the UNCALIBRATED assessment of
 * src/core/uncalibrated-match.ts, and every batch records `assessor: 'uncalibrated'` so the page, the API and
 * the README say so.
 */
import { uncalibratedAssessMatch } from '../../core/uncalibrated-match';
import type { AssessMatch } from './match-rows';

export const BATCH_ASSESSOR: 'calibrated' | 'uncalibrated' = 'uncalibrated';
export const batchAssessMatch: AssessMatch = uncalibratedAssessMatch;
