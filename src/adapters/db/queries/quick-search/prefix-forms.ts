/**
 * The name lookup's prefix forms (spec: POST /api/organisations/quick-search, rule 1: the fuzzy name lookup):
 * besides the query's search name, the exact step (name-lookup.ts) looks up two other forms of it as name and
 * alias prefixes, at OTHER_FORM_SCORE: its compact (punctuation-free) form against the compact names and aliases,
 * and its search form without the legal-form words it ends with (`searchNameWithoutLegalFormWords`).
 */
import { sql, type SQL } from 'drizzle-orm';

/** The punctuation-free form of a search name: "kwik fit" -> "kwikfit" (indexed as replace(search_name, ' ', '')). */
export function compactForm(searchName: string): string {
  return searchName.replace(/ /g, '');
}

/** A compact form shorter than this is not looked up (its prefix range is the ordinary prefix's). */
const MIN_COMPACT_LENGTH = 4;
/** Score of a row whose compact form or legal-form-free form starts with the query's. */
const OTHER_FORM_SCORE = 0.95;

/**
 * The prefix branches of the query's other forms (b-tree ranges, `pool` rows each): its compact form
 * against the compact names and aliases ("kwikfit" finds "Kwik-Fit (GB) Limited", "kwik fit" finds
 * "KwikFit"), and its search form without trailing legal-form words ("northwind private" -> "northwind").
 */
export function prefixForms(params: { searchName: string; alternativeSearchName?: string; poolSize: number }, where: SQL): SQL {
  const branches: SQL[] = [];
  const range = (column: SQL, value: string) => sql`${column} ~>=~ ${value} and ${column} ~<~ ${`${value}\u{10FFFF}`}`;
  const compact = compactForm(params.searchName);
  if (compact.length >= MIN_COMPACT_LENGTH) {
    const nameColumn = sql`replace(o.search_name, ' ', '')`;
    const aliasColumn = sql`replace(a.search_value, ' ', '')`;
    branches.push(sql`
      (select o.id, ${OTHER_FORM_SCORE}::real as score, null::text as alias
         from organisations o
        where ${range(nameColumn, compact)} and ${where}
        order by ${nameColumn} using ~<~ limit ${params.poolSize})
      union all
      (select o.id, ${OTHER_FORM_SCORE}::real as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where ${range(aliasColumn, compact)} and ${where}
        order by ${aliasColumn} using ~<~ limit ${params.poolSize})`);
  }
  const alternative = params.alternativeSearchName;
  if (alternative !== undefined && alternative !== '' && alternative !== params.searchName) {
    branches.push(sql`
      (select o.id, ${OTHER_FORM_SCORE}::real as score, null::text as alias
         from organisations o
        where ${range(sql`o.search_name`, alternative)} and ${where}
        order by o.search_name using ~<~ limit ${params.poolSize})
      union all
      (select o.id, ${OTHER_FORM_SCORE}::real as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where ${range(sql`a.search_value`, alternative)} and ${where}
        order by a.search_value using ~<~ limit ${params.poolSize})`);
  }
  return branches.length === 0 ? sql`` : sql`union all ${sql.join(branches, sql` union all `)}`;
}
