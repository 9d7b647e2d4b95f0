import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { reindexOrganisations } from '../../adapters/db/queries/organisations-reindex';
import { organisations } from '../../adapters/db/schema';
import { defineCommand } from '../command';
import { createProgress } from '../progress';
import { batchSizeFlag } from './batch-size';

const DEFAULT_BATCH_SIZE = 500;
/** Collisions listed in the summary (all are counted). */
const LISTED_COLLISIONS = 100;

export const organisationsReindexCommand = defineCommand({
  usage: 'organisations reindex [--batch-size N]',
  description:
    "Recomputes every organisation's search name, composite key, alias search values and name-word postings, and remembered decisions' query keys, with the current name normalisation, in batches of N (500) rows, one transaction each; safe while the product runs; a second run changes nothing. A key another organisation holds is left and reported.",
  options: { 'batch-size': { type: 'string' } },
  input: z.object({ 'batch-size': batchSizeFlag(DEFAULT_BATCH_SIZE) }),
  async run(context, input) {
    const { db } = await context.database();
    const started = Date.now();
    const total = Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${organisations}`)).rows[0]?.n ?? 0);
    const progress = createProgress(context.stderr, { label: 'Re-indexing', total, unit: 'organisations' });
    const figures = await reindexOrganisations(db, {
      batchSize: input['batch-size'],
      onBatch: (f) => progress.update(f.organisations, { searchNames: f.searchNames, keys: f.keys, collisions: f.keyCollisions.length }),
    });
    progress.stop();
    for (const collision of figures.keyCollisions)
      context.stderr.write(
        `key collision: ${collision.organisationId} would take ${JSON.stringify(collision.key)}, held by ${collision.heldBy}; left with its old key\n`,
      );
    return {
      organisations: figures.organisations,
      updated: { searchNames: figures.searchNames, keys: figures.keys, aliases: figures.aliases, postings: figures.postings, decisions: figures.decisions },
      keyCollisions: figures.keyCollisions.length,
      collisions: figures.keyCollisions.slice(0, LISTED_COLLISIONS),
      decisionCollisions: figures.decisionCollisions,
      batches: figures.batches,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  },
});
