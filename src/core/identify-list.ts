/**
 * The identify list: the account's organisations, sorted, filtered by name and profile status, and paged
 * on the server. Its view lives in the URL (`sort`, `filter`, `status`, `page`) so a view can be linked and
 * Back works. Every parameter is read leniently: a bad value falls back to its default, never an error.
 */
import { z } from 'zod';
import { REGISTRY_DATA_ONLY_LABEL, profileStateOf, profileStatusLabel, type ProfileState, type ProfileStatus } from './profile-status';
import { UNKNOWN_REGISTRY_STATUS, registryStatusSchema } from './registry-status';

/** Rows per page of the identify table. */
export const IDENTIFY_PAGE_SIZE = 100;
/** The longest name filter kept (longer input is cut, as the search box's maxLength does). */
export const IDENTIFY_FILTER_MAX_LENGTH = 200;

export const IDENTIFY_SORT_COLUMNS = ['name', 'country', 'status', 'naics'] as const;
export type IdentifySortColumn = (typeof IDENTIFY_SORT_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';

export interface IdentifySort {
  readonly column: IdentifySortColumn;
  readonly direction: SortDirection;
}

/**
 * The status filter, one choice per state the list shows (core/profile-status `profileStateOf`): PENDING "Enriching",
 * COMPLETED "Enriched" (web research found a description or website), REGISTRY_ONLY "Registry data only" (COMPLETED with
 * nothing beyond the registry), FAILED "Enrichment failed", NONE "Not enriched" (status null).
 */
export const IDENTIFY_STATUS_FILTERS = ['PENDING', 'COMPLETED', 'REGISTRY_ONLY', 'FAILED', 'NONE'] as const satisfies readonly (
  ProfileStatus | 'REGISTRY_ONLY' | 'NONE'
)[];
export const identifyStatusFilterSchema = z.enum(IDENTIFY_STATUS_FILTERS);
export type IdentifyStatusFilter = z.infer<typeof identifyStatusFilterSchema>;

export interface IdentifyListQuery {
  readonly sort: IdentifySort;
  /** Trimmed name filter; '' = no filter. */
  readonly filter: string;
  readonly status: IdentifyStatusFilter | null;
  /** 1-based. */
  readonly page: number;
}

export const DEFAULT_IDENTIFY_SORT: IdentifySort = { column: 'name', direction: 'ascending' };
export const DEFAULT_IDENTIFY_LIST_QUERY: IdentifyListQuery = { sort: DEFAULT_IDENTIFY_SORT, filter: '', status: null, page: 1 };

const sortColumnSchema = z.enum(IDENTIFY_SORT_COLUMNS);
const pageSchema = z.coerce.number().int().min(1).max(1_000_000);

/** `name` sorts ascending, `-name` descending. */
export function parseIdentifySort(value: string | undefined): IdentifySort {
  if (value === undefined) return DEFAULT_IDENTIFY_SORT;
  const descending = value.startsWith('-');
  const column = sortColumnSchema.safeParse(descending ? value.slice(1) : value);
  return column.success ? { column: column.data, direction: descending ? 'descending' : 'ascending' } : DEFAULT_IDENTIFY_SORT;
}

export function formatIdentifySort(sort: IdentifySort): string {
  return sort.direction === 'descending' ? `-${sort.column}` : sort.column;
}

export type SearchParamsRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The first value of a parameter (a repeated parameter counts by its first value). */
function first(params: SearchParamsRecord, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : value?.[0];
}

/** Reads the identify view from the page's search parameters; anything invalid takes its default. */
export function parseIdentifyListQuery(params: SearchParamsRecord): IdentifyListQuery {
  const status = identifyStatusFilterSchema.safeParse(first(params, 'status'));
  const page = pageSchema.safeParse(first(params, 'page'));
  return {
    sort: parseIdentifySort(first(params, 'sort')),
    filter: (first(params, 'filter') ?? '').trim().slice(0, IDENTIFY_FILTER_MAX_LENGTH),
    status: status.success ? status.data : null,
    page: page.success ? page.data : 1,
  };
}

/** The URL search string of a view (defaults omitted, so the plain page is `/identify`). */
export function identifyListSearch(query: IdentifyListQuery): string {
  const params = new URLSearchParams();
  if (query.sort.column !== DEFAULT_IDENTIFY_SORT.column || query.sort.direction !== DEFAULT_IDENTIFY_SORT.direction) {
    params.set('sort', formatIdentifySort(query.sort));
  }
  if (query.filter !== '') params.set('filter', query.filter);
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/**
 * The sort a column header's control leads to: the other direction when the column is the current sort,
 * else that column ascending. Sorting (like filtering) starts again at page 1.
 */
export function nextIdentifySort(current: IdentifySort, column: IdentifySortColumn): IdentifySort {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** The number of pages for a total (an empty list still has its one, empty, page). */
export function identifyPageCount(total: number, pageSize: number = IDENTIFY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page past the end shows the last page. */
export function clampIdentifyPage(page: number, total: number, pageSize: number = IDENTIFY_PAGE_SIZE): number {
  return Math.min(Math.max(1, page), identifyPageCount(total, pageSize));
}

/** What the status filter calls each choice: the profile status vocabulary. */
export function identifyStatusFilterLabel(status: IdentifyStatusFilter): string {
  if (status === 'REGISTRY_ONLY') return REGISTRY_DATA_ONLY_LABEL;
  return profileStatusLabel(status === 'NONE' ? null : status);
}

export const identifyOrganisationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  countryIsoAlpha3: z.string().nullable(),
  websiteDomain: z.string().nullable(),
  profileStatus: z.string().nullable(),
  /** Web research found its description or website (core/profile-status `webResearchFound`): "Enriched", not "Registry data only". */
  webResearchFound: z.boolean(),
  /** Whether the register still lists it as trading (an inactive one shows a badge). */
  registryStatus: registryStatusSchema.default(UNKNOWN_REGISTRY_STATUS),
  naicsCount: z.number().int(),
  aquila1Count: z.number().int(),
  /** Private to the account (false: a global organisation on its list). */
  owned: z.boolean(),
  /** Registry changes the account has not read yet (issue 23: the list marks them). */
  unreadChanges: z.number().int().nonnegative().default(0),
});
export type IdentifyOrganisationRow = z.infer<typeof identifyOrganisationRowSchema>;

/** The row's profile state in the one vocabulary: its Status column says what the organisation page and the sidebar say. */
export function identifyRowState(row: Pick<IdentifyOrganisationRow, 'profileStatus' | 'webResearchFound' | 'naicsCount'>): ProfileState {
  return profileStateOf({ profileStatus: row.profileStatus, webResearchFound: row.webResearchFound, naicsCount: row.naicsCount });
}

/** One page of the identify list, as the page shows it. */
export interface IdentifyListPage {
  readonly rows: readonly IdentifyOrganisationRow[];
  /** Rows matching the filter, over every page. */
  readonly total: number;
  /** The query actually answered (its page clamped to the last one). */
  readonly query: IdentifyListQuery;
  readonly pageCount: number;
}
