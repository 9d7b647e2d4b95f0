/**
 * Imports organisations from JSONL lines, streaming: lines are parsed one by one, valid ones are written
 * in batches (one transaction per batch, through insertOrganisations so every index column is filled the
 * same way as everywhere else). While one batch is being written the next one is parsed, and reading stops
 * until that write is done (back-pressure: at most two batches in memory), so a million-line file imports
 * in bounded memory. A bad line is reported with its number and skipped.
 *
 * A line's `profileStatus` is stored as given; COMPLETED and FAILED (settled) get the import's time as their
 * check time. With `enrich`, every organisation the import creates is set PENDING and gets an
 * `organisation.enrich` job, sent in its batch's transaction: a batch is written with its jobs or not at all.
 */
import { inArray, sql } from 'drizzle-orm';
import { organisationEnrichPayload } from '../../../../core/jobs';
import { isEnrichmentSettled } from '../../../../core/profile-status';
import type { JobQueue } from '../../../../server/ports';
import type { Db } from '../../client';
import { organisations } from '../../schema';
import { insertOrganisations, type InsertOrganisationsOptions, type NewOrganisation } from '../organisations-write';
import { ImportTally, type ImportHooks, type ImportSummary } from './import-report';
import { parseOrganisationImportLine } from './organisation-import-line';

export const DEFAULT_ORGANISATION_BATCH_SIZE = 2_000;

export interface ImportEnrichment {
  queue: Pick<JobQueue, 'send'>;
  /** The account the jobs are queued for (the payload's `accountId`: the one that asked for the enrichment). */
  accountId: string;
}

export interface ImportOrganisationsOptions extends InsertOrganisationsOptions, ImportHooks {
  batchSize?: number;
  /** Queue enrichment for every organisation created (PENDING until the worker settles it). */
  enrich?: ImportEnrichment;
}

export interface OrganisationImportSummary extends ImportSummary {
  /** `organisation.enrich` jobs queued (one per created organisation with `enrich`, else 0). */
  enrichmentQueued: number;
}

export async function importOrganisations(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOrganisationsOptions = {},
): Promise<OrganisationImportSummary> {
  const batchSize = options.batchSize ?? DEFAULT_ORGANISATION_BATCH_SIZE;
  const writeOptions: InsertOrganisationsOptions = { ownerAccountId: options.ownerAccountId, linkAccountId: options.linkAccountId };
  const enrich = options.enrich;
  // One time for the whole import: what "checked" means for a status the file asserts.
  const importedAt = new Date();
  const tally = new ImportTally(options);
  let enrichmentQueued = 0;
  let batch: NewOrganisation[] = [];
  let writing: Promise<void> = Promise.resolve();

  const write = async (rows: NewOrganisation[]) => {
    const queued = await db.transaction(async (tx) => {
      const ids = await insertOrganisations(tx, rows, writeOptions);
      const created = rows.map((row, i) => {
        const id = ids[i];
        if (id === undefined) throw new Error(`insertOrganisations returned ${ids.length} ids for ${rows.length} organisations`);
        return { id, row };
      });
      const settled = created.filter((c) => isEnrichmentSettled(c.row.profileStatus)).map((c) => c.id);
      if (settled.length > 0) await tx.update(organisations).set({ profileCheckedAt: importedAt }).where(inArray(organisations.id, settled));
      if (!enrich) return 0;
      // Same rule as the payload: the direct (company data) path exactly when there is a website.
      await tx
        .update(organisations)
        .set({ profileSource: sql`case when ${organisations.website} is null then 'agentic' else 'direct' end` })
        .where(inArray(organisations.id, ids));
      for (const { id, row } of created) {
        const payload = organisationEnrichPayload({
          organisationId: id,
          accountId: enrich.accountId,
          website: row.website,
          countryIsoAlpha3: row.countryIsoAlpha3,
        });
        await enrich.queue.send('organisation.enrich', payload, { tx });
      }
      return created.length;
    });
    tally.imported += rows.length;
    enrichmentQueued += queued;
    tally.progress();
  };
  /** Waits for the batch being written, then starts writing this one and returns (parsing goes on). */
  const flush = async () => {
    await writing;
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    writing = write(rows);
    // A failed write is awaited (and thrown) by the next flush; keep it from counting as unhandled meanwhile.
    writing.catch(() => undefined);
  };

  for await (const line of lines) {
    tally.lines += 1;
    if (line.trim() === '') continue;
    const parsed = parseOrganisationImportLine(line);
    if (!parsed.ok) {
      tally.reject(tally.lines, parsed.reason);
      continue;
    }
    // Enrichment is queued for every created organisation, so its status is PENDING whatever the line said.
    batch.push(enrich ? { ...parsed.value, profileStatus: 'PENDING' } : parsed.value);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await writing;
  tally.progress();
  return { ...tally.summary(), enrichmentQueued };
}
