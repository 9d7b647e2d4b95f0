/**
 * The match object batch matching scores rows with: the calibrated `assessMatch` of the issue "Match quality
 * you can trust" (src/core/match-confidence.ts), fed with what a row says and what the lookups know of each
 * candidate. Every batch records `assessor: 'calibrated'`. (Before assessMatch was merged, batches were scored
 * by src/core/uncalibrated-match.ts and recorded `uncalibrated`; that function stays for those batches' record
 * and for comparison in the benchmark.)
 *
 * What the lookups know: the candidate's name, the alias that matched (its search form), its country and
 * website; its identifiers only when the identifier lookup found it by the row's identifier (then that value),
 * so an identifier never found is graded `missing`, never `different`.
 */
import { assessMatch } from '../../core/match-confidence';
import type { AssessMatch } from './match-rows';

export const BATCH_ASSESSOR: 'calibrated' | 'uncalibrated' = 'calibrated';

export const batchAssessMatch: AssessMatch = (query, subject) =>
  assessMatch(
    {
      name: query.name,
      identifiers: query.identifier === null ? [] : [{ type: null, value: query.identifier }],
      website: query.websiteDomain,
      countryIsoAlpha3: query.countryIsoAlpha3,
    },
    {
      name: subject.name,
      otherNames: subject.matchedAlias === null ? [] : [{ value: subject.matchedAlias, kind: 'alias' }],
      identifiers: subject.identifierHit === null ? [] : [{ type: subject.identifierHit.type, value: subject.identifierHit.value }],
      website: subject.websiteDomain,
      countryIsoAlpha3: subject.countryIsoAlpha3,
    },
  );
