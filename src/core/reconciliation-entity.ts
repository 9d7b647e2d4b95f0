/**
 * An organisation as the reconciliation service shows it: the preview card (a small HTML page for an iframe)
 * and its data extension values. Pure: the organisation record in, text out; every value is escaped.
 */
import { countryName } from './countries';
import type { OrganisationRecord } from './organisation-record';
import { registryStatusBadge } from './registry-status';
import { toWebsiteUrl } from './website';

export type ReconciliationEntity = Pick<
  OrganisationRecord,
  'id' | 'name' | 'description' | 'countryIsoAlpha3' | 'website' | 'profileStatus' | 'identifiers' | 'aliases' | 'naics' | 'aquila1' | 'registryStatus'
>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The preview card: name, country, registry status when inactive ("Dissolved 2020"), identifiers, website, description and NAICS codes. No script, no remote resource. */
export function previewHtml(entity: ReconciliationEntity): string {
  const country = entity.countryIsoAlpha3 === null ? null : (countryName(entity.countryIsoAlpha3) ?? entity.countryIsoAlpha3);
  const websiteUrl = entity.website === null ? undefined : toWebsiteUrl(entity.website);
  const identifiers = entity.identifiers.filter((i) => i.type !== 'WEBSITE');
  const rows: string[] = [];
  if (country !== null) rows.push(row('Country', escapeHtml(country)));
  const status = registryStatusBadge(entity.registryStatus);
  if (status !== null) rows.push(row('Status', escapeHtml(status)));
  for (const identifier of identifiers) rows.push(row(identifier.type, escapeHtml(identifier.value)));
  if (websiteUrl !== undefined)
    rows.push(
      row('Website', `<a href="${escapeHtml(websiteUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(websiteUrl.replace(/^https:\/\//, ''))}</a>`),
    );
  if (entity.naics.length > 0) rows.push(row('NAICS', entity.naics.map((n) => `${escapeHtml(n.code)} ${escapeHtml(n.name)}`).join('<br>')));
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(entity.name) + '</title>',
    '<style>body{font:14px/1.4 system-ui,sans-serif;margin:8px;color:#111}h1{font-size:16px;margin:0 0 6px}p{margin:0 0 6px;color:#444}th{text-align:left;padding-right:8px;vertical-align:top;color:#555;font-weight:600}</style>',
    '</head><body>',
    `<h1>${escapeHtml(entity.name)}</h1>`,
    entity.description ? `<p>${escapeHtml(entity.description)}</p>` : '',
    rows.length > 0 ? `<table>${rows.join('')}</table>` : '',
    '</body></html>',
  ].join('');
}

function row(label: string, html: string): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td>${html}</td></tr>`;
}

/** The values of one data extension property for an organisation, as strings (an unknown property has none). */
export function extensionValues(entity: ReconciliationEntity, propertyId: string): string[] {
  const ofType = (type: string) => entity.identifiers.filter((i) => i.type === type).map((i) => i.value);
  switch (propertyId) {
    case 'country':
      return entity.countryIsoAlpha3 === null ? [] : [entity.countryIsoAlpha3];
    case 'website':
      return entity.website === null ? [] : [entity.website];
    case 'description':
      return entity.description ? [entity.description] : [];
    case 'identifier':
      return entity.identifiers.filter((i) => i.type !== 'WEBSITE').map((i) => `${i.type} ${i.value}`);
    case 'ABN':
    case 'ACN':
    case 'CH':
    case 'LEI':
      return ofType(propertyId);
    case 'naicsCode':
      return entity.naics.map((n) => n.code);
    case 'naicsTitle':
      return entity.naics.map((n) => n.name);
    case 'aquila1':
      return [...new Set(entity.aquila1.map((a) => a.name))];
    case 'profileStatus':
      return entity.profileStatus === null ? [] : [entity.profileStatus];
    default:
      return [];
  }
}
