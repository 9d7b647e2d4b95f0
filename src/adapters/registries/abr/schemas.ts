/**
 * The wire shapes of the ABN Lookup JSON(P) endpoints (providers/abr.md 2): one zod schema per payload is
 * the single source of the shape, for the client, the cache and the contract fake alike.
 */
import { z } from 'zod';

/** A location field the ABR sometimes leaves empty (and, defensively, null). */
const locationField = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim());

/** One row of `MatchingNames.aspx` (providers/abr.md 2.2). */
export const matchingNameSchema = z.object({
  Abn: z.string(),
  /** `0000000001` active, `0000000002` cancelled; `Active`/`Cancelled` also accepted. */
  AbnStatus: z.string(),
  /** The matched *name* is current for this ABN (false: a former name). */
  IsCurrent: z.boolean(),
  Name: z.string(),
  /** `Entity Name`, `Business Name`, `Trading Name`, possibly others (mapped to `other`). */
  NameType: z.string(),
  Postcode: locationField,
  State: locationField,
  Score: z.number().min(0).max(100),
});
export type MatchingName = z.infer<typeof matchingNameSchema>;

export const matchingNamesPayloadSchema = z.object({
  /** '' on success; otherwise the application error text (logs only). */
  Message: z.string(),
  /** Absent or null in some error bodies. */
  Names: z
    .array(matchingNameSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type MatchingNamesPayload = z.infer<typeof matchingNamesPayloadSchema>;

/** `AbnDetails.aspx` (providers/abr.md 2.3); on an error every key is present with empty values (2.4). */
export const abnDetailsPayloadSchema = z.object({
  Abn: z.string(),
  AbnStatus: z.string(),
  AbnStatusEffectiveFrom: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  /** 9 digits, or '' for non-companies. */
  Acn: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  AddressDate: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  AddressPostcode: locationField,
  AddressState: locationField,
  BusinessName: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  EntityName: z.string(),
  EntityTypeCode: z.string(),
  EntityTypeName: z.string(),
  Gst: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  Message: z.string(),
});
export type AbnDetailsPayload = z.infer<typeof abnDetailsPayloadSchema>;
/** What the contract fake writes: the wire form, before the schema's normalising transforms. */
export type AbnDetailsWire = z.input<typeof abnDetailsPayloadSchema>;
export type MatchingNamesWire = z.input<typeof matchingNamesPayloadSchema>;

const JSONP = /^\s*[\w$.]*\s*\(([\s\S]*)\)\s*;?\s*$/;

/**
 * `cb({...})` -> the parsed JSON value, or `undefined` when the body is not JSONP wrapping valid JSON
 * (providers/abr.md 2.1). A bare JSON object is accepted too (same data, no wrapper).
 */
export function unwrapJsonp(body: string): unknown {
  const match = JSONP.exec(body);
  const json = match?.[1] ?? (/^\s*\{/.test(body) ? body : undefined);
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** Parses a JSONP body with `schema`; `undefined` when it does not unwrap or does not have that shape. */
export function parseJsonpBody<S extends z.ZodType>(body: string, schema: S): z.infer<S> | undefined {
  const value = unwrapJsonp(body);
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The documented `Message` texts of a 200 body (providers/abr.md 2.4): the ABR reports application errors
 * this way, so this table is its protocol, read by exact text (trimmed, case and a final full stop ignored).
 */
const ABR_APPLICATION_MESSAGES: ReadonlyMap<string, AbrApplicationError> = new Map([
  ['the guid entered is not recognised as a registered party', 'unknown-guid'],
  ['there was a problem completing your request', 'request-problem'],
  ['search text is not a valid abn or acn', 'invalid-number'],
  ['no record found', 'no-record'],
]);

/**
 * What a non-empty `Message` means: `unknown-guid` (AbnDetails/AcnDetails), `request-problem` (MatchingNames'
 * generic text, which can also be a server fault), `invalid-number` (format or checksum), `no-record` (a valid
 * number that is not on the register), or `unrecognised` for any text outside the documented table.
 */
export type AbrApplicationError = 'unknown-guid' | 'request-problem' | 'invalid-number' | 'no-record' | 'unrecognised';

/** The application error a `Message` reports; undefined for `''` (success). */
export function abrApplicationErrorOf(message: string): AbrApplicationError | undefined {
  const text = message.trim();
  if (text === '') return undefined;
  return ABR_APPLICATION_MESSAGES.get(text.toLowerCase().replace(/\.$/, '')) ?? 'unrecognised';
}
