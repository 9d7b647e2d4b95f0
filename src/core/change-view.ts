/**
 * Changes as an analyst reads them (issue 23, section 2): the organisation page's History and the `/changes` page.
 * A change is said in words (`describeChange`: the field, what it was and what it is now, the register that said
 * so); the `/changes` page lists the account's changes unread first, then newest first, filtered by kind and by
 * organisation (`changesPageQuerySchema`); an organisation is watched when it carries a registry identifier
 * (`isWatched`), which is what the History's empty state says.
 */
import { z } from 'zod';
import { changeKindSchema, MONITORED_IDENTIFIER_TYPES, relatedEntitySchema, type ChangeKind, type RegistrySourceName } from './registry-observation';
import { organisationChangeSchema } from './organisation-changes';
import { registryStatusSchema } from './registry-status';

export const CHANGE_KIND_LABELS: Readonly<Record<ChangeKind, string>> = {
  status: 'Registry status',
  legal_name: 'Legal name',
  business_names: 'Business names',
  lei_registration_status: 'LEI registration',
  parent: 'Parent',
};

export const REGISTRY_SOURCE_LABELS: Readonly<Record<RegistrySourceName, string>> = {
  abr: 'ABN Lookup',
  opencorporates: 'OpenCorporates',
  gleif: 'GLEIF',
};

/** A change record as the interface shows it: the API's record, its organisation's name, and whether the account read it. */
export const accountChangeSchema = organisationChangeSchema.extend({ organisationName: z.string() });
export type AccountChange = z.infer<typeof accountChangeSchema>;

/** What a change says, in words. `before`/`after` null: nothing there (a name added has no before). */
export interface ChangeDescription {
  /** "Registry status", "Legal name", "Business name added", "Direct parent"... */
  readonly label: string;
  readonly before: string | null;
  readonly after: string | null;
  /** One sentence: "Registry status: Active → Cancelled since 2026-12-02". */
  readonly sentence: string;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  registryStatus: 'Registry status',
  legalName: 'Legal name',
  leiRegistrationStatus: 'LEI registration status',
  directParent: 'Direct parent',
  ultimateParent: 'Ultimate parent',
};

/** A registry status in the register's words: "Cancelled since 2026-12-02", "Active". */
function statusInWords(value: unknown): string | null {
  const parsed = registryStatusSchema.safeParse(value);
  if (!parsed.success) return value === null || value === undefined ? null : String(value);
  const { status, wording, date } = parsed.data;
  const word = wording ?? (status === 'unknown' ? 'Not known' : status === 'active' ? 'Active' : 'Inactive');
  return date === null ? word : `${word} since ${date}`;
}

function entityInWords(value: unknown): string | null {
  const parsed = relatedEntitySchema.safeParse(value);
  if (!parsed.success) return value === null || value === undefined ? null : String(value);
  return parsed.data.lei === null ? parsed.data.name : `${parsed.data.name} (LEI ${parsed.data.lei})`;
}

function textInWords(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function describeChange(change: { kind: ChangeKind; field: string; before: unknown; after: unknown }): ChangeDescription {
  let label = FIELD_LABELS[change.field] ?? CHANGE_KIND_LABELS[change.kind];
  let before: string | null;
  let after: string | null;
  switch (change.kind) {
    case 'status':
      before = statusInWords(change.before);
      after = statusInWords(change.after);
      break;
    case 'parent':
      before = entityInWords(change.before);
      after = entityInWords(change.after);
      break;
    case 'business_names':
      before = textInWords(change.before);
      after = textInWords(change.after);
      label = after === null ? 'Business name removed' : before === null ? 'Business name added' : 'Business name';
      break;
    default:
      before = textInWords(change.before);
      after = textInWords(change.after);
  }
  const sentence = before === null ? `${label}: ${after ?? 'none'}` : after === null ? `${label}: ${before}` : `${label}: ${before} → ${after}`;
  return { label, before, after, sentence };
}

/** Watched: the organisation carries a registry identifier monitoring reads (ABN, ACN, CH, the aggregator's id, LEI). */
export function isWatched(identifiers: readonly { type: string }[]): boolean {
  return identifiers.some((identifier) => (MONITORED_IDENTIFIER_TYPES as readonly string[]).includes(identifier.type));
}

/** Whether an organisation is watched for the account, or why not (what its History says when it has no changes). */
export type HistoryWatch = 'watched' | 'no_registry_identifier' | 'not_on_list';

export const CHANGES_PAGE_SIZE = 50;

/** The `/changes` page's URL state: a kind, an organisation, a page. Anything else in the URL is ignored. */
export const changesPageQuerySchema = z.object({
  kind: changeKindSchema.optional().catch(undefined),
  organisation: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type ChangesPageQuery = z.infer<typeof changesPageQuerySchema>;

/** The filter of the `/changes` page (and of "Mark all visible as read"): by kind, by organisation, both or neither. */
export const changesFilterSchema = z.object({
  kind: changeKindSchema.optional(),
  organisationId: z.uuid({ error: 'must be an organisation id' }).optional(),
});
export type ChangesFilter = z.infer<typeof changesFilterSchema>;

/** Marking read: some changes by id (at most a page's worth), or every change the filter shows. */
export const markChangesReadInputSchema = z.union([
  z
    .object({
      changeIds: z
        .array(z.uuid({ error: 'must be change ids' }))
        .min(1)
        .max(500),
    })
    .strict(),
  z.object({ all: z.literal(true), filter: changesFilterSchema.default({}) }).strict(),
]);
export type MarkChangesReadInput = z.infer<typeof markChangesReadInputSchema>;

/** The header's name for the changes link: "Changes, 3 unread", or "Changes" when nothing is unread. */
export function changesLinkName(unread: number): string {
  return unread > 0 ? `Changes, ${unread} unread` : 'Changes';
}
