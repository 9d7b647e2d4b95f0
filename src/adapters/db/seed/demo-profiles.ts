/**
 * How the demo's organisations look once "settled" (issue section 7, "Data"), decided by each organisation's
 * index in the demo list so the demo always looks the same:
 *
 * - 70% COMPLETED: checked a few days ago, with a provenance row per field they have (`company_data` when the
 *   organisation has a website, `registry` otherwise; identifiers always `registry`, with the register's page
 *   where there is one). Half of them are also classified: one or two NAICS 2017 leaf codes that fit what
 *   their description says they do (DEMO_NAICS_KEYWORDS), whose Aquila1 baskets `syncDemoAquila1` derives once
 *   the demo concordance exists. The other half stay unclassified, so the "+ Add NAICS code" control shows.
 * - 5% FAILED, with the reason the orchestrator gives when the agent cannot be reached.
 * - 25% never enriched (null), so "Enrich now" and auto-enrichment on selection can be shown.
 *
 * A few hand-written organisations are pinned (DEMO_PINNED_PROFILES) because the e2e tests arrange them.
 */
import { sql } from 'drizzle-orm';
import { stripLegalSuffix } from '../../../core/canonical-name';
import type { ProfileStatus } from '../../../core/profile-status';
import { syncAquila1 } from '../../../server/naics/sync-aquila1';
import type { Db } from '../client';
import { recordFieldSources, type FieldSourceWrite } from '../queries/field-sources';
import { createClassificationRepository } from '../queries/classification';
import { organisationIsClassified } from '../queries/derived-rules';
import type { NewOrganisation } from '../queries/organisations-write';
import { organisationNaics } from '../schema';

/** The orchestrator's own words for an unreachable agent (enrich-organisation.ts, REASONS.network). */
export const DEMO_FAILURE_REASON = 'The enrichment agent could not be reached';

export type DemoProfileState = 'classified' | 'unclassified' | 'failed' | 'never';

/**
 * Organisations whose state the e2e tests rely on, by name (both the global and the demo-owned row of a name).
 * naics-classification.e2e arranges its "+ Add" cases on settled, unclassified organisations (it classifies
 * Yarra Valley Dairy itself), and expects Manuka Honey Collective not to be settled.
 */
export const DEMO_PINNED_PROFILES: ReadonlyMap<string, DemoProfileState> = new Map([
  ['Wattle Bay Coffee Roasters Pty Ltd', 'unclassified'],
  ['Kiwi Dairy Cooperative Limited', 'unclassified'],
  ['Southern Cross Solar Pty Ltd', 'unclassified'],
  ['Kookaburra Software Pty Ltd', 'unclassified'],
  ['Golden Gate Analytics Inc.', 'unclassified'],
  ['Fenland Produce Growers Limited', 'unclassified'],
  ['Yarra Valley Dairy Pty Ltd', 'unclassified'],
  ['Manuka Honey Collective Limited', 'never'],
]);

/** 20 buckets by index: 0-13 COMPLETED (even ones classified), 14 FAILED, 15-19 never enriched. */
export function demoProfileState(index: number, name: string): DemoProfileState {
  const pinned = DEMO_PINNED_PROFILES.get(name);
  if (pinned) return pinned;
  const bucket = index % 20;
  if (bucket < 14) return bucket % 2 === 0 ? 'classified' : 'unclassified';
  return bucket === 14 ? 'failed' : 'never';
}

/**
 * Keyword -> NAICS 2017 six-digit leaf code, most specific first: an organisation takes the codes of the first
 * two entries that match its description (demoNaicsCodes). Every code exists in the reference data (the seed test
 * checks it); none is in sectors 55 or 92, which the demo concordance leaves unmapped.
 */
export const DEMO_NAICS_KEYWORDS: readonly (readonly [pattern: RegExp, code: string])[] = [
  // food, drink and farming
  [/\bcoffee\b/, '311920'],
  [/\bwines?\b|\bvineyards?\b/, '312130'],
  [/\bbrew(ery|ing)\b|\bbeer\b|\bcider\b/, '312120'],
  [/\bchees(e|es)\b/, '311513'],
  [/\bmilk\b|\bdairy\b|\bcreamery\b|\bbutter\b/, '311511'],
  [/\bhoney\b|\bbeekeepers?\b/, '112910'],
  [/\bprawns?\b|\bshrimp\b|\bcrawfish\b|\bseafoods?\b/, '311710'],
  [/\bwild-caught\b|\bfish\b/, '114111'],
  [/\bbaker(y|ies)\b/, '311811'],
  [/\bpet food\b/, '311111'],
  [/\bapples?\b|\borchards?\b/, '111331'],
  [/\bpotato(es)?\b/, '111211'],
  [/\bsalad\b|\bvegetables\b/, '111219'],
  [/\bwholesale markets\b/, '424480'],
  [/\bgrain (storage|handling)\b/, '493130'],
  [/\bgrains?\b|\bcropping\b/, '111199'],
  [/\bwool\b/, '424590'],
  [/\bpackaged foods\b/, '311999'],
  // energy and utilities
  [/\bsolar\b/, '221114'],
  [/\bwind\b/, '221115'],
  [/\bnatural gas\b/, '486210'],
  [/\btidal\b|\belectricity\b/, '221118'],
  [/\bwastewater\b|\bsewage\b/, '221320'],
  [/\bwater (supply|treatment|services)\b/, '221310'],
  // technology and media
  [/\bsoftware\b/, '511210'],
  [/\bdata analytics\b|\banalytics\b|\bdata science\b/, '518210'],
  [/\bbroadband\b/, '517311'],
  [/\bmobile services\b/, '517312'],
  [/\bmanaged it\b|\bnetwork infrastructure\b/, '541513'],
  [/\brobotics\b|\bautomation\b/, '333249'],
  [/\bearth observation\b/, '541370'],
  [/\bvideo production\b/, '512110'],
  [/\bpublishing\b|\bpodcast\b/, '519130'],
  [/\badvertising\b/, '541810'],
  [/\bmarketing\b/, '541613'],
  // building and trades
  [/\bplumbing\b|\bgas fitting\b/, '238220'],
  [/\belectrician\b|\belectrical contracting\b/, '238210'],
  [/\bstructural steel\b|\bsteel fabrication\b/, '332312'],
  [/\broads\b|\bearthworks\b/, '237310'],
  [/\bstonemasonry\b|\bnew-build homes\b/, '236115'],
  [/\bcommercial (and residential )?construction\b/, '236220'],
  [/\bwidgets?\b|\bfasteners?\b/, '332722'],
  [/(?<!alice )\bsprings\b/, '332613'],
  [/\bsawmill\b|\bhardwood\b|\btimber\b/, '321113'],
  [/\bpaper\b/, '322121'],
  [/\bcardboard\b|\bpackaging\b/, '322211'],
  [/\bplastics?\b/, '326199'],
  [/\bchemicals\b/, '325998'],
  [/\blinen\b|\btextiles\b/, '313210'],
  [/\bcamping equipment\b/, '451110'],
  [/\bsurfwear\b|\bswimwear\b|\bworkwear\b/, '315990'],
  [/\bfurniture\b/, '337211'],
  // transport
  [/\bcold-chain\b|\brefrigerated\b|\bcold storage\b/, '493120'],
  [/\bless-than-truckload\b/, '484122'],
  [/\broad freight\b|\broad trains\b|\bhaulage\b/, '484121'],
  [/\brail freight\b/, '482111'],
  [/\bcontainer shipping\b/, '483111'],
  [/\bcoastal shipping\b/, '483113'],
  [/\bferries\b/, '483114'],
  [/\bbarge\b|\btug\b/, '483211'],
  [/\bport\b/, '488310'],
  [/\bwarehousing\b/, '493110'],
  [/\bfreight forwarding\b|\blogistics\b|\bcustoms clearance\b/, '488510'],
  [/\bbus\b|\bcoach\b/, '485510'],
  [/\bscenic flights\b/, '487990'],
  [/\bcharter flights\b/, '481211'],
  [/\bairlines?\b|\bpassenger\b.*\bflights\b/, '481111'],
  [/\baircraft\b/, '336413'],
  [/\bship repair\b|\bshipbuilding\b/, '336611'],
  [/\bboat building\b/, '336612'],
  [/\breef tour\b/, '487210'],
  [/\bmarine surveys?\b|\bboat maintenance\b/, '488390'],
  [/\bvehicle sales\b/, '441110'],
  // services
  [/\bchildcare\b|\bkindergarten\b/, '624410'],
  [/\bgeneral practice\b|\bprimary care\b|\bclinics\b/, '621111'],
  [/\ballied health\b/, '621340'],
  [/\bmedicines\b|\bpharmaceuticals?\b/, '325412'],
  [/\bmedical devices\b|\bhospital supplies\b/, '339112'],
  [/\binsurance\b/, '524126'],
  [/\bfinancial planning\b|\bwealth management\b/, '523930'],
  [/\bprivate equity\b|\bventure investment\b/, '523910'],
  [/\bcommodity trading\b/, '523130'],
  [/\bhumanitarian\b|\bdisaster\b/, '624230'],
  [/\bresidential sales\b|\bproperty management\b/, '531210'],
  [/\bproperty\b/, '531120'],
  [/\bhotels?\b/, '721110'],
  [/\bpubs\b/, '722410'],
  [/\bcafes\b/, '722515'],
  [/\beco-lodges\b|\blodges\b/, '721199'],
  [/\btours?\b/, '561520'],
  [/\btravel\b/, '561510'],
  [/\bsecurity guarding\b/, '561612'],
  [/\balarm\b/, '561621'],
  [/\bcleaning\b/, '561720'],
  [/\brecruitment\b/, '561311'],
  [/\bvocational training\b|\bcourses\b/, '611519'],
  [/\blaboratory\b|\bcontract research\b/, '541380'],
  [/\benvironmental assessments\b/, '541620'],
  [/\bremediation\b/, '562910'],
  [/\bwaste collection\b/, '562111'],
  [/\bmaterials recovery\b/, '562920'],
  [/\blegal\b|\blawyers\b/, '541110'],
  [/\bgold\b/, '212221'],
  [/\bcopper\b/, '212230'],
  [/\bmineral exploration\b|\bmining\b/, '213114'],
  // the broadest words last, so a more telling entry wins
  [/\bengineering\b/, '541330'],
  [/\bconsult(ing|ancy)\b/, '541611'],
];

/**
 * The codes of the first two keyword entries matching what the organisation does (distinct). Only the
 * description is read, without the organisation's own brand: the synthetic names' words ("Cobalt Gold
 * Software", "Ridge Port Dairy") would otherwise classify a software house as a gold mine.
 */
export function demoNaicsCodes(organisation: Pick<NewOrganisation, 'name' | 'description'>): string[] {
  const brand = stripLegalSuffix(organisation.name).toLowerCase();
  const text = (organisation.description ?? '').toLowerCase().split(brand).join(' ');
  const codes: string[] = [];
  for (const [pattern, code] of DEMO_NAICS_KEYWORDS) {
    if (codes.length === 2) break;
    if (pattern.test(text) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

export interface DemoProfile {
  status: ProfileStatus | null;
  /** When the (pretended) enrichment settled; null when never enriched. */
  checkedAt: Date | null;
  profileSource: 'direct' | 'agentic' | null;
  failureReason: string | null;
  naicsCodes: string[];
  fieldSources: FieldSourceWrite[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The settled profile of demo organisation number `index`, relative to the seed's moment `seededAt`. */
export function demoProfile(index: number, organisation: NewOrganisation, seededAt: Date): DemoProfile {
  const state = demoProfileState(index, organisation.name);
  if (state === 'never') return { status: null, checkedAt: null, profileSource: null, failureReason: null, naicsCodes: [], fieldSources: [] };
  // Two to six days back, at varying hours, so the dates on the organisation pages differ.
  const checkedAt = new Date(seededAt.getTime() - (2 + (index % 5)) * DAY_MS - (index % 11) * HOUR_MS);
  // Same rule as the organisation.enrich payload: the direct (company data) path exactly when there is a website.
  const profileSource = organisation.website ? 'direct' : 'agentic';
  if (state === 'failed') {
    return { status: 'FAILED', checkedAt, profileSource, failureReason: DEMO_FAILURE_REASON, naicsCodes: [], fieldSources: [] };
  }
  const naicsCodes = state === 'classified' ? demoNaicsCodes(organisation) : [];
  return {
    status: 'COMPLETED',
    checkedAt,
    profileSource,
    failureReason: null,
    naicsCodes,
    fieldSources: demoFieldSources(organisation, naicsCodes, checkedAt),
  };
}

function demoFieldSources(organisation: NewOrganisation, naicsCodes: readonly string[], retrievedAt: Date): FieldSourceWrite[] {
  const source = organisation.website ? 'company_data' : 'registry';
  const sources: FieldSourceWrite[] = [];
  const add = (field: string, present: unknown) => {
    if (present !== null && present !== undefined && present !== '') sources.push({ field, source, retrievedAt });
  };
  add('description', organisation.description);
  add('website', organisation.website);
  add('type', organisation.type);
  add('country', organisation.countryIsoAlpha3);
  if (naicsCodes.length > 0) add('naics', naicsCodes);
  const identifiers = organisation.identifiers ?? [];
  const abn = identifiers.find((i) => i.type === 'ABN')?.value.replace(/\D/g, '');
  for (const type of new Set(identifiers.map((i) => i.type))) {
    const value = identifiers.find((i) => i.type === type)?.value ?? '';
    sources.push({ field: `identifier:${type}`, source: 'registry', retrievedAt, evidenceUrl: registerPage(type, value, abn) });
  }
  return sources;
}

/** The public register page an identifier can be checked on (the ABR shows an ACN on its ABN's page). */
function registerPage(type: string, value: string, abn: string | undefined): string | null {
  if ((type === 'ABN' || type === 'ACN') && abn) return `https://abr.business.gov.au/ABN/View?abn=${abn}`;
  if (type === 'CH') return `https://find-and-update.company-information.service.gov.uk/company/${encodeURIComponent(value)}`;
  if (type === 'OPENCORPORATES') return `https://opencorporates.com/companies/${value}`;
  return null;
}

/**
 * Writes the settled profiles of freshly inserted demo organisations (each row: its new id, its index in the demo
 * list, what was inserted): status columns in one statement, provenance, NAICS tags. Runs inside the seed's
 * transaction, so the demo is created settled or not at all.
 */
export async function settleDemoProfiles(db: Db, rows: readonly { id: string; index: number; organisation: NewOrganisation }[], seededAt: Date): Promise<void> {
  const settled = rows.map((row) => ({ id: row.id, profile: demoProfile(row.index, row.organisation, seededAt) })).filter((r) => r.profile.status !== null);
  if (settled.length === 0) return;
  const array = (values: readonly (string | null)[], type: 'uuid' | 'text' | 'timestamptz') => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  await db.execute(sql`
    update organisations o set profile_status = s.status, profile_checked_at = s.checked_at, profile_source = s.source, profile_failure_reason = s.reason
    from unnest(${array(
      settled.map((r) => r.id),
      'uuid',
    )}, ${array(
      settled.map((r) => r.profile.status),
      'text',
    )},
      ${array(
        settled.map((r) => r.profile.checkedAt?.toISOString() ?? null),
        'timestamptz',
      )}, ${array(
        settled.map((r) => r.profile.profileSource),
        'text',
      )},
      ${array(
        settled.map((r) => r.profile.failureReason),
        'text',
      )}) as s(id, status, checked_at, source, reason)
    where o.id = s.id`);
  for (const { id, profile } of settled) await recordFieldSources(db, id, profile.fieldSources);
  const tags = settled.flatMap(({ id, profile }) => profile.naicsCodes.map((naicsCode) => ({ organisationId: id, naicsCode })));
  if (tags.length > 0) await db.insert(organisationNaics).values(tags).onConflictDoNothing();
}

/**
 * Derives the Aquila1 baskets of every organisation tagged with NAICS codes that has no basket yet although
 * the concordance maps one of its codes: the demo seed tags its organisations before the demo concordance is
 * loaded (and `seed demo` alone loads none). Uses the product's own sync, so the baskets and weights are the
 * ones a manual add would give. Idempotent: a synced organisation has edges and is not picked again.
 */
export async function syncDemoAquila1(db: Db): Promise<{ organisations: number }> {
  // One transaction for the lot: the sync's per-basket transactions become savepoints, so a hundred organisations
  // cost one commit, and an interrupted start leaves none half-synced. The lock makes two processes starting
  // together sync once (the second finds nothing left), as the demo seed's own lock does.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('organisation-search:demo-aquila1'))`);
    const pending = await tx.execute<{ organisation_id: string; codes: string[] }>(sql`
      select n.organisation_id, array_agg(n.naics_code order by n.naics_code) as codes
      from organisation_naics n
      where not ${organisationIsClassified(sql`n.organisation_id`)}
        and exists (select 1 from organisation_naics m join naics_aquila1 c on c.naics_code = m.naics_code where m.organisation_id = n.organisation_id)
      group by n.organisation_id
      order by n.organisation_id`);
    const repository = createClassificationRepository(tx);
    for (const row of pending.rows) await syncAquila1(repository, row.organisation_id, row.codes);
    return { organisations: pending.rows.length };
  });
}
