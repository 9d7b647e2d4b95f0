/**
 * A supplier file drawn from a benchmark database (fixed seed, so the same file every run on the same
 * database): 45 % exact registered names, 15 % the name without its legal form, 10 % one transposed letter,
 * 10 % the name with its identifier, 5 % a website only with the brand, 15 % names of no organisation. Each
 * row's truth is the organisation it was drawn from (null for the invented ones). Used by
 * bench/batch-matching.ts and bench/batch-restart.ts.
 */
import type pg from 'pg';
import type { BatchRowInput } from '../../src/core/batch-matching';
import { seededRandom } from '../../src/core/seeded-random';

interface Drawn {
  id: string;
  name: string;
  country: string | null;
  website: string | null;
  identifier: string | null;
}

/** A supplier row with the organisation it was drawn from (null: a name of no organisation). */
export interface SupplierRow {
  kind: string;
  input: BatchRowInput;
  truth: string | null;
}

const LEGAL = /\s+(pty\.?\s+ltd\.?|limited|ltd\.?|inc\.?|llc|plc|gmbh|corporation|corp\.?|co\.?)$/i;

function transpose(name: string, next: () => number): string {
  const words = name.split(' ');
  const candidates = words.map((w, i) => ({ w, i })).filter(({ w }) => w.length >= 5 && /^[A-Za-z]+$/.test(w));
  const pick = candidates[Math.floor(next() * candidates.length)];
  if (pick === undefined) return name;
  const at = 1 + Math.floor(next() * (pick.w.length - 2));
  const swapped = pick.w.slice(0, at) + (pick.w[at + 1] ?? '') + (pick.w[at] ?? '') + pick.w.slice(at + 2);
  words[pick.i] = swapped;
  return words.join(' ');
}

/** The best candidate is the truth (or one of several equally right organisations, `any:id,id`). */
export function isRight(best: string | null | undefined, truth: string | null): boolean {
  if (best === null || best === undefined || truth === null) return false;
  return truth.startsWith('any:') ? truth.slice(4).split(',').includes(best) : best === truth;
}

function buildFile(drawn: Drawn[], rowsWanted: number, next: () => number): SupplierRow[] {
  const rows: SupplierRow[] = [];
  const withId = drawn.filter((d) => d.identifier !== null);
  const withSite = drawn.filter((d) => d.website !== null);
  let at = 0;
  const take = (pool: Drawn[]) => pool[Math.floor(next() * pool.length)] ?? drawn[at++ % drawn.length];
  for (let i = 0; i < rowsWanted; i += 1) {
    const r = next();
    const d = drawn[at++ % drawn.length];
    if (d === undefined) throw new Error('nothing drawn');
    if (r < 0.45) rows.push({ kind: 'exact', truth: d.id, input: { name: d.name, country: d.country, identifier: null, website: null } });
    else if (r < 0.6)
      rows.push({ kind: 'no_legal_form', truth: d.id, input: { name: d.name.replace(LEGAL, ''), country: d.country, identifier: null, website: null } });
    else if (r < 0.7) rows.push({ kind: 'typo', truth: d.id, input: { name: transpose(d.name, next), country: d.country, identifier: null, website: null } });
    else if (r < 0.8) {
      const o = take(withId);
      if (o === undefined) throw new Error('nothing drawn');
      rows.push({ kind: 'identifier', truth: o.id, input: { name: o.name, country: o.country, identifier: o.identifier, website: null } });
    } else if (r < 0.85) {
      const o = take(withSite);
      if (o === undefined) throw new Error('nothing drawn');
      rows.push({ kind: 'website', truth: o.id, input: { name: o.name.replace(LEGAL, ''), country: null, identifier: null, website: o.website } });
    } else {
      rows.push({
        kind: 'absent',
        truth: null,
        input: { name: `Qzx ${Math.floor(next() * 1e9).toString(36)} Vorbl Trading`, country: d.country, identifier: null, website: null },
      });
    }
  }
  return rows;
}

/** Draws `rows` supplier rows from the global organisations of the database behind `pool`. */
export async function drawSupplierFile(
  pool: pg.Pool,
  options: { rows: number; seed: number; organisations: number; note: (message: string) => void },
): Promise<SupplierRow[]> {
  const { rows: rowsWanted, seed, organisations: count } = options;
  const next = seededRandom(seed); // the same file every run
  // A deterministic sample: organisations whose id hashes into a bucket (repeatable, spread over the table).
  const drawnRows = await pool.query<Drawn>(
    `select o.id, o.name, o.country_iso_alpha3 as country, o.website,
       (select i.value from organisation_identifiers i where i.organisation_id = o.id order by i.type limit 1) as identifier
     from organisations o
     where not exists (select 1 from organisation_owners ow where ow.organisation_id = o.id)
       and abs(hashtext(o.id::text || $1)) % 1000 < $2
     order by o.id
     limit $3`,
    [String(seed), Math.max(1, Math.ceil((rowsWanted * 1000) / Math.max(count, 1)) * 2), rowsWanted],
  );
  const drawn = drawnRows.rows.sort(() => next() - 0.5);
  options.note(`drew ${drawn.length} organisations; building ${rowsWanted} supplier rows`);
  return buildFile(drawn, rowsWanted, next);
}
