/**
 * Baseline (b) of the quick-search benchmark, in its own process (forked with --expose-gc) so its heap is
 * measurable: an in-memory MiniSearch index over the names of the same rows (id + name, read from the
 * benchmark database), searched with fuzzy 0.2 and prefix matching, top 10 — what a developer might pick
 * instead of the database. Queries run in the given (stratified) order until the time budget is spent.
 *
 * IPC: parent -> {type:'run', databaseUrl, queries, budgetMs, limitRows?} | {type:'exit'};
 *      child  -> {type:'built', rows, buildMs, heapBytes, rssBytes} | {type:'done', results}.
 */
import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import pg from 'pg';

export type MiniSearchMessage =
  | { type: 'built'; rows: number; loadMs: number; buildMs: number; heapBytes: number; rssBytes: number }
  | { type: 'done'; results: { latencyMs: number; ids: string[] }[] };

type ParentMessage = { type: 'run'; databaseUrl: string; queries: string[]; budgetMs: number; limitRows?: number } | { type: 'exit' };

interface Doc {
  id: string;
  name: string;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

async function loadRows(databaseUrl: string, limitRows: number | undefined): Promise<Doc[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const docs: Doc[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await client.query<Doc>('select id::text as id, name from organisations where id > $1 order by id limit 50000', [after]);
      for (const row of page.rows) docs.push({ id: row.id, name: row.name });
      const last = page.rows.at(-1);
      if (!last || (limitRows !== undefined && docs.length >= limitRows)) break;
      after = last.id;
    }
    return limitRows === undefined ? docs : docs.slice(0, limitRows);
  } finally {
    await client.end();
  }
}

async function run(message: Extract<ParentMessage, { type: 'run' }>): Promise<void> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  const docs = await loadRows(message.databaseUrl, message.limitRows);
  const loadMs = performance.now() - loadStarted;
  const buildStarted = performance.now();
  const index = new MiniSearch<Doc>({ fields: ['name'], idField: 'id', searchOptions: { fuzzy: 0.2, prefix: true } });
  for (let i = 0; i < docs.length; i += 10_000) index.addAll(docs.slice(i, i + 10_000));
  const buildMs = performance.now() - buildStarted;
  const rows = docs.length;
  docs.length = 0; // the index alone is measured (MiniSearch keeps no copy of the documents without storeFields)
  collectGarbage();
  const memory = process.memoryUsage();
  process.send?.({ type: 'built', rows, loadMs, buildMs, heapBytes: memory.heapUsed - heapBefore, rssBytes: memory.rss } satisfies MiniSearchMessage);

  const results: { latencyMs: number; ids: string[] }[] = [];
  const deadline = performance.now() + message.budgetMs;
  for (const query of message.queries) {
    if (performance.now() > deadline) break;
    const started = performance.now();
    const hits = index.search(query, { fuzzy: 0.2, prefix: true }).slice(0, 10);
    results.push({ latencyMs: performance.now() - started, ids: hits.map((h) => String(h.id)) });
  }
  process.send?.({ type: 'done', results } satisfies MiniSearchMessage);
}

process.on('message', (raw) => {
  const message = raw as ParentMessage;
  if (message.type === 'run') {
    run(message).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else if (message.type === 'exit') {
    process.exit(0);
  }
});
