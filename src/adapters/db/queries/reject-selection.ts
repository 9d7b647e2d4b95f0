/** The confirm header's "No" in storage: unlink, and delete a private organisation nothing else refers to. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accountOrganisations, organisations } from '../schema';
import { isUuid } from './classification';
import { ownedByAccount, visibleToAccount } from './visibility';

/** In one transaction: unlink, then delete when private to the account and unreferenced. Null: not visible. */
export async function unlinkAndDeleteIfUnreferenced(
  db: Db,
  { accountId, organisationId }: { accountId: string; organisationId: string },
): Promise<{ deleted: boolean } | null> {
  if (!isUuid(organisationId)) return null;
  return db.transaction(async (tx) => {
    const [visible] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, organisationId), visibleToAccount(accountId, sql`${organisations.id}`)))
      .for('update');
    if (!visible) return null;
    await tx.delete(accountOrganisations).where(and(eq(accountOrganisations.accountId, accountId), eq(accountOrganisations.organisationId, organisationId)));
    const deleted = await tx.execute(sql`
      delete from organisations o
      where o.id = ${organisationId}::uuid
        and ${ownedByAccount(accountId, sql`o.id`)}
        and not exists (select 1 from organisation_owners oo where oo.organisation_id = o.id and oo.account_id <> ${accountId}::uuid)
        and not exists (select 1 from account_organisations ao where ao.organisation_id = o.id)
        and not exists (select 1 from transactions t where t.organisation_id = o.id)
        and not exists (select 1 from organisation_naics n where n.organisation_id = o.id)
        and not exists (select 1 from organisation_relations r where r.parent_id = o.id or r.subsidiary_id = o.id)
        and not exists (select 1 from organisations r where r.redirected_to = o.id)
      returning o.id`);
    return { deleted: deleted.rows.length > 0 };
  });
}
