/**
 * One line of an organisations import (JSONL): the single source of its shape and rules.
 * `{name, website?, countryIsoAlpha3?, description?, type?, identifiers?: [{type, value}], aliases?: [string], formerNames?: [string], profileStatus?, registryStatus?}`
 * (`formerNames`: names the organisation bore before, searchable and shown as "formerly ...";
 * `profileStatus`: PENDING, COMPLETED or FAILED; absent or null for an organisation never enriched. `registryStatus`:
 * `{status: active|inactive|unknown, wording?, date?: YYYY-MM-DD}`, or the register's word alone ("Dissolved",
 * "Active"), read as active, inactive or unknown; absent or null: unknown).
 * Pure: no database access; a line that fails gives a reason naming the field and the rule.
 */
import { z } from 'zod';
import { ORGANISATION_TYPES } from '../../../../core/candidates';
import { keyName } from '../../../../core/canonical-name';
import { profileStatusSchema } from '../../../../core/profile-status';
import { registryStatusOf, registryStatusValueSchema, statusOfWording } from '../../../../core/registry-status';
import { GLOBAL_SEARCH_SCOPE, GLOBAL_SEARCH_SCOPE_NAME, toAlpha3 } from '../../../../core/countries';
import { IDENTIFIER_TYPES, isValidAbn, isValidAcn, normaliseCompaniesHouseNumber, normaliseIdentifierValue } from '../../../../core/identifiers';
import { toWebsiteUrl } from '../../../../core/website';
import type { NewOrganisation } from '../organisations-write';

const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).nullish());

const identifierSchema = z
  .object({ type: z.enum(IDENTIFIER_TYPES), value: z.string().trim().min(1).max(200) })
  .superRefine((identifier, ctx) => {
    const invalid = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (identifier.type === 'ABN' && !isValidAbn(identifier.value)) invalid('not a valid ABN (11 digits, modulus-89 check)');
    if (identifier.type === 'ACN' && !isValidAcn(identifier.value)) invalid('not a valid ACN (9 digits, check digit)');
    if (identifier.type === 'CH' && normaliseCompaniesHouseNumber(identifier.value) === undefined) {
      invalid('not a Companies House number (8 digits, or a 2-letter prefix and 6 digits)');
    }
  })
  .transform((identifier) => {
    if (identifier.type === 'ABN' || identifier.type === 'ACN') return { type: identifier.type, value: normaliseIdentifierValue(identifier.value) };
    if (identifier.type === 'CH') return { type: identifier.type, value: normaliseCompaniesHouseNumber(identifier.value) ?? identifier.value };
    return identifier;
  });

/** Other names of the organisation (aliases, former names): up to 50, each with a letter or a digit. */
const otherNamesSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(500)
      .refine((name) => keyName(name) !== '', { message: 'must contain a letter or a digit' }),
  )
  .max(50)
  .optional();

/** Country: alpha-2 or alpha-3 in any case; GLO, Global or nothing means countryless. */
const countrySchema = z
  .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(60).nullish())
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    if (value.toUpperCase() === GLOBAL_SEARCH_SCOPE || value.toLowerCase() === GLOBAL_SEARCH_SCOPE_NAME.toLowerCase()) return null;
    const alpha3 = toAlpha3(value);
    if (alpha3 === undefined) {
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is not an ISO 3166-1 alpha-2 or alpha-3 country code (or GLO)` });
      return z.NEVER;
    }
    return alpha3;
  });

const websiteSchema = optionalText(2048).transform((value, ctx) => {
  if (value === undefined || value === null) return null;
  const url = toWebsiteUrl(value);
  if (url === undefined) {
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is not a website` });
    return z.NEVER;
  }
  return url;
});

/** `{status, wording?, date?}`, or the register's word alone ("Dissolved"), read with `statusOfWording`. */
const importRegistryStatusSchema = z
  .union([
    z.string().trim().min(1).max(100),
    z.object({
      status: registryStatusValueSchema,
      wording: z.string().trim().min(1).max(100).nullish(),
      date: z.iso.date({ message: 'a date written YYYY-MM-DD' }).nullish(),
    }),
  ])
  .transform((value) =>
    typeof value === 'string' ? registryStatusOf(statusOfWording(value), value, null) : registryStatusOf(value.status, value.wording, value.date),
  );

export const organisationImportLineSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((name) => keyName(name) !== '', { message: 'must contain a letter or a digit' }),
  website: websiteSchema,
  countryIsoAlpha3: countrySchema,
  description: optionalText(10_000),
  type: z.enum(ORGANISATION_TYPES).nullish(),
  identifiers: z.array(identifierSchema).max(50).optional(),
  aliases: otherNamesSchema,
  formerNames: otherNamesSchema,
  profileStatus: profileStatusSchema.nullish(),
  registryStatus: importRegistryStatusSchema.nullish(),
});

export type OrganisationImportLine = z.infer<typeof organisationImportLineSchema>;

export type ParsedLine<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Parses one JSONL line into an organisation to insert, or the reason it is rejected. */
export function parseOrganisationImportLine(line: string): ParsedLine<NewOrganisation> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { ok: false, reason: `invalid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'a line must be one JSON object' };
  const parsed = organisationImportLineSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
  const { name, website, countryIsoAlpha3, description, type, identifiers, aliases, formerNames, profileStatus, registryStatus } = parsed.data;
  return {
    ok: true,
    value: {
      name,
      website,
      countryIsoAlpha3,
      description: description ?? null,
      type: type ?? null,
      identifiers: identifiers ?? [],
      aliases: aliases ?? [],
      formerNames: formerNames ?? [],
      profileStatus: profileStatus ?? null,
      registryStatus: registryStatus ?? null,
    },
  };
}

/** `field.path: message; other: message`, the reason printed for a rejected line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field === '' ? issue.message : `${field}: ${issue.message}`;
    })
    .join('; ');
}
