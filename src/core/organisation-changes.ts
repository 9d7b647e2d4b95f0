/**
 * The change records an API client reads (issue 23, section 2: `GET /api/changes?since=&cursor=`), oldest first,
 * a page at a time. The cursor is opaque to clients: the last record's observation time and id.
 */
import { z } from 'zod';
import { changeKindSchema, registrySourceSchema } from './registry-observation';

export const organisationChangeSchema = z
  .object({
    id: z.uuid(),
    organisationId: z.uuid(),
    kind: changeKindSchema,
    /** registryStatus, legalName, businessNames, leiRegistrationStatus, directParent, ultimateParent. */
    field: z.string(),
    /** What was last seen (null: nothing, e.g. a business name added). */
    before: z.unknown(),
    /** What the register says now (null: nothing, e.g. a business name removed). */
    after: z.unknown(),
    source: registrySourceSchema,
    observedAt: z.iso.datetime({ offset: true }),
    /** Not yet marked read by the asking account (the `/changes` page's read state). */
    unread: z.boolean(),
  })
  .describe('One difference between what a register said and what it said when last read');
export type OrganisationChange = z.infer<typeof organisationChangeSchema>;

export const changesPageSchema = z.object({
  changes: z.array(organisationChangeSchema),
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ChangesPage = z.infer<typeof changesPageSchema>;

export const CHANGES_PAGE_DEFAULT = 100;
export const CHANGES_PAGE_MAX = 500;

export const changesQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z' }).optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CHANGES_PAGE_MAX).default(CHANGES_PAGE_DEFAULT),
});
export type ChangesQuery = z.infer<typeof changesQuerySchema>;

/** Where a page ends: the last record's observation time and id (records sort by both). */
export interface ChangesPosition {
  observedAt: Date;
  id: string;
}

const positionSchema = z.tuple([z.iso.datetime({ offset: true }), z.uuid()]);

export function encodeChangesCursor(position: ChangesPosition): string {
  return Buffer.from(JSON.stringify([position.observedAt.toISOString(), position.id])).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this API gave out. */
export function decodeChangesCursor(cursor: string): ChangesPosition | undefined {
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { observedAt: new Date(parsed.data[0]), id: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}
