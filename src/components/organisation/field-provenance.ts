/**
 * Where a profile field came from, as the organisation page says it: "from the company-data provider ·
 * 23 Nov 2026", with the evidence URL when there is one. The newest record for a field wins.
 */
import type { FieldSourceRecord } from '../../core/organisation-profile';

const SOURCE_LABELS: Record<FieldSourceRecord['source'], string> = {
  company_data: 'the company-data provider',
  registry: 'the registry',
  website: "the organisation's website",
  agent: 'web research',
  selection: 'the search result',
};

export function sourceLabel(source: FieldSourceRecord['source']): string {
  return SOURCE_LABELS[source];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * 23 Nov 2026, in UTC and with fixed month names, so the server render and the browser always agree (ICU
 * versions differ on abbreviations such as "Sep"/"Sept"); null for an unreadable date.
 */
export function formatRetrievedDate(iso: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}

/** The newest provenance record of a field (`description`, `naics`, `identifier:ABN`, ...). */
export function provenanceOf(sources: readonly FieldSourceRecord[], field: string): FieldSourceRecord | null {
  let newest: FieldSourceRecord | null = null;
  for (const record of sources) {
    if (record.field !== field) continue;
    if (newest === null || Date.parse(record.retrievedAt) > Date.parse(newest.retrievedAt)) newest = record;
  }
  return newest;
}

/** "from the company-data provider · 23 Nov 2026" (the date left out when unreadable). */
export function provenanceText(record: FieldSourceRecord): string {
  const date = formatRetrievedDate(record.retrievedAt);
  return date ? `from ${sourceLabel(record.source)} · ${date}` : `from ${sourceLabel(record.source)}`;
}

/** Only http(s) evidence is linked. */
export function safeEvidenceUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Where an evidence link goes, as people read it: its host without a leading `www.` ("abr.business.gov.au"); null when unreadable. */
export function evidenceHost(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === '' ? null : host.replace(/^www\./, '');
  } catch {
    return null;
  }
}
