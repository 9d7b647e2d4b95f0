import fs from 'node:fs';
import { once } from 'node:events';
import { z } from 'zod';
import { createQuickSearchLookups } from '../../adapters/db/queries/quick-search/quick-search-lookups';
import { createRegistryPacer } from '../../adapters/rate-limit/registry-pacer';
import { createSearchProviderPorts } from '../../adapters/search/search-ports';
import { csvLine, needsRegistryPass, RESULT_COLUMNS, resultRecord, type BatchDecision, type BatchRowInput } from '../../core/batch-matching';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE, isCountryAlpha3 } from '../../core/countries';
import { ValidationError } from '../../core/errors';
import { BATCH_ASSESSOR, batchAssessMatch } from '../../server/batch-matching/assessor';
import { createMatchRows } from '../../server/batch-matching/match-rows';
import { createRegistryPass, type RegistryPass } from '../../server/batch-matching/registry-pass';
import { readSupplierRows, type SupplierRow } from '../../server/batch-matching/supplier-file';
import { defineCommand } from '../command';
import { createProgress } from '../progress';
import { accountIdFlag, requireAccountOrThrow } from './account-id';
import { batchSizeFlag } from './batch-size';

/** Without --account, only global organisations are visible (no account owns this id). */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

const column = z.string().trim().min(1, { error: 'must name a column of the header' }).optional();

export const matchCommand = defineCommand({
  usage:
    'match FILE.csv --name-column C [--country-column C] [--identifier-column C] [--website-column C] --out RESULT.csv|RESULT.jsonl [--account ID] [--batch-size N] [--registry [--default-country C] [--registry-max-rows N]]',
  description:
    "Matches every row of a supplier CSV to an organisation (internal lookups; the account's private organisations too with --account), streaming: each row's best candidate with score, decision (match, review, no_match), grades and explanation, and the runner-up when close. With --registry, rows without an internal match are looked up on their country's registry (the row's country, else --default-country), paced (MATCH_REGISTRY_CALLS_PER_MINUTE) and capped (--registry-max-rows, default MATCH_REGISTRY_MAX_ROWS). The output format follows --out's extension.",
  options: {
    'name-column': { type: 'string' },
    'country-column': { type: 'string' },
    'identifier-column': { type: 'string' },
    'website-column': { type: 'string' },
    out: { type: 'string' },
    account: { type: 'string' },
    'batch-size': { type: 'string' },
    registry: { type: 'boolean' },
    'default-country': { type: 'string' },
    'registry-max-rows': { type: 'string' },
  },
  positionals: ['file'],
  input: z.object({
    file: z.string({ error: 'is required' }).min(1),
    'name-column': z.string({ error: 'is required' }).trim().min(1),
    'country-column': column,
    'identifier-column': column,
    'website-column': column,
    out: z.string({ error: 'is required' }).regex(/\.(csv|jsonl)$/i, { error: 'must end in .csv or .jsonl' }),
    account: accountIdFlag.optional(),
    'batch-size': batchSizeFlag(500),
    registry: z.boolean().optional(),
    'default-country': z
      .string()
      .trim()
      .refine((value) => {
        const country = countryFromAnything(value);
        return country !== undefined && country !== GLOBAL_SEARCH_SCOPE && isCountryAlpha3(country);
      }, 'must be a country (AU, AUS, Australia)')
      .optional(),
    'registry-max-rows': z.coerce.number().int().min(0).max(1_000_000).optional(),
  }),
  async run(context, input) {
    let size: number;
    try {
      size = (await fs.promises.stat(input.file)).size;
    } catch (error) {
      throw new ValidationError([
        { field: 'FILE', rule: 'readable_file', message: `cannot read ${input.file}: ${error instanceof Error ? error.message : String(error)}` },
      ]);
    }
    const database = await context.database();
    const { db } = database;
    if (input.account) await requireAccountOrThrow(db, input.account);
    const accountId = input.account ?? NO_ACCOUNT;
    const matchRows = createMatchRows({ lookups: createQuickSearchLookups(db), chunkDb: db, assess: batchAssessMatch });
    // The registry pass: the search's own registry adapters (configured by the environment) and the shared pacer.
    const pacer = input.registry
      ? createRegistryPacer({ connectionString: database.pool.options.connectionString ?? '', callsPerMinute: context.env.MATCH_REGISTRY_CALLS_PER_MINUTE })
      : undefined;
    let registryPass: RegistryPass | undefined;
    if (pacer !== undefined) {
      const ports = createSearchProviderPorts(context.env, db, context.log);
      registryPass = createRegistryPass({
        nationalRegistry: ports.nationalRegistry,
        globalRegistry: ports.globalRegistry,
        websiteValidator: ports.websiteValidator,
        pace: pacer.pace,
        log: context.log,
      });
    }
    const defaultCountry = input['default-country'] === undefined ? null : (countryFromAnything(input['default-country']) ?? null);
    let registryBudget = input['registry-max-rows'] ?? context.env.MATCH_REGISTRY_MAX_ROWS;
    const registryCounts = { lookedUp: 0, found: 0, failed: 0, skipped: 0 };
    const format = input.out.toLowerCase().endsWith('.jsonl') ? 'jsonl' : 'csv';
    const stream = fs.createReadStream(input.file);
    const out = fs.createWriteStream(input.out, { encoding: 'utf8' });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    context.log.info({ file: input.file, bytes: size, out: input.out, account: input.account, assessor: BATCH_ASSESSOR }, 'matching suppliers');
    const progress = createProgress(context.stderr, { label: 'suppliers', total: size, unit: 'bytes' });
    const counts: Record<BatchDecision, number> = { match: 0, review: 0, no_match: 0 };
    const started = Date.now();
    let rows = 0;
    const flush = async (chunk: SupplierRow[]) => {
      const results = await matchRows(
        accountId,
        chunk.map((r) => r.input),
      );
      if (registryPass !== undefined) {
        const reviewBelow = context.env.MATCH_REGISTRY_REVIEW_BELOW;
        const pending = chunk.flatMap((row, i) => {
          const result = results[i];
          return result !== undefined && needsRegistryPass(result, reviewBelow) ? [{ at: i, row: { rowIndex: row.index, input: row.input, result } }] : [];
        });
        if (pending.length > 0) {
          const updates = await registryPass(
            accountId,
            pending.map((p) => p.row),
            { defaultCountry, budget: registryBudget },
          );
          for (const [j, update] of updates.entries()) {
            const at = pending[j]?.at;
            if (at === undefined) continue;
            results[at] = update.result;
            if (update.lookedUp) {
              registryBudget -= 1;
              registryCounts.lookedUp += 1;
            }
            const status = update.result.registry?.status;
            if (status === 'found' || status === 'failed' || status === 'skipped') registryCounts[status] += 1;
          }
        }
      }
      for (const [i, row] of chunk.entries()) {
        const result = results[i];
        if (result === undefined) continue;
        counts[result.decision] += 1;
        await write(
          format === 'csv'
            ? csvLine(RESULT_COLUMNS.map((c) => resultRecord(row.index, row.input, result)[c]))
            : `${JSON.stringify(jsonLine(row.index, row.input, result))}\n`,
        );
      }
      rows += chunk.length;
      progress.update(stream.bytesRead, { rows, ...counts });
    };
    try {
      if (format === 'csv') await write(csvLine(RESULT_COLUMNS));
      let chunk: SupplierRow[] = [];
      for await (const row of readSupplierRows(stream, {
        name: input['name-column'],
        country: input['country-column'],
        identifier: input['identifier-column'],
        website: input['website-column'],
      })) {
        chunk.push(row);
        if (chunk.length >= input['batch-size']) {
          await flush(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await flush(chunk);
    } finally {
      progress.stop();
      out.end();
      await once(out, 'close');
      await pacer?.close();
    }
    const seconds = (Date.now() - started) / 1000;
    return {
      rows,
      ...counts,
      assessor: BATCH_ASSESSOR,
      ...(registryPass === undefined ? {} : { registry: registryCounts }),
      out: input.out,
      seconds: Math.round(seconds * 10) / 10,
      rate: Math.round(rows / Math.max(seconds, 0.001)),
    };
  },
});

function jsonLine(index: number, input: BatchRowInput, result: Awaited<ReturnType<ReturnType<typeof createMatchRows>>>[number]) {
  return {
    row: index + 1,
    input,
    decision: result.decision,
    best: result.best,
    runnerUp: result.runnerUp,
    explanation: result.explanation,
    registry: result.registry,
  };
}
