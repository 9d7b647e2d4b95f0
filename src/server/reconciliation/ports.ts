/**
 * What the reconciliation use cases need: candidate retrieval (the account-scoped quick lookup, so
 * reconciliation finds exactly what the quick lookup finds, with its tenancy and typo rules) and one
 * organisation as the account sees it. The PostgreSQL reader is src/adapters/db/queries/organisation-read.ts.
 */
import type { ReconciliationEntity } from '../../core/reconciliation-entity';
import type { JudgementLookup } from '../decisions/judgements';
import type { QuickSearch } from '../quick-search/quick-search';

export interface ReconciliationEntities {
  /** The organisation as the account sees it; null when it does not exist or is not visible to the account. */
  findEntity(accountId: string, organisationId: string): Promise<ReconciliationEntity | null>;
}

export interface ReconciliationDependencies {
  quickSearch: Pick<QuickSearch, 'execute'>;
  entities: ReconciliationEntities;
  /** The account's remembered decisions (issue 20, section 6); none apply without them. */
  judgements?: JudgementLookup;
}
