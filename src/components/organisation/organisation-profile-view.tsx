'use client';
/**
 * The organisation page: the profile with its status live. PENDING shows progress and follows the
 * enrichment without a reload; COMPLETED shows each field with where it came from and when; FAILED shows
 * the reason and "Enrich now", as does a profile never enriched. Then the verification verdict.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { FieldSourceRecord, OrganisationProfile } from '../../core/organisation-profile';
import { formatIdentifier } from '../../core/identifiers';
import { organisationTypeLabel } from '../../core/organisation-type';
import { profileStateOf } from '../../core/profile-status';
import { EnrichNowButton } from './enrich-now-button';
import { evidenceHost, formatRetrievedDate, provenanceOf, provenanceText, safeEvidenceUrl } from './field-provenance';
import { ProfileStateBadge, profileStateFacts } from './profile-state-badge';
import { useOrganisationProfile } from './use-organisation-profile';

export type CountryNames = Readonly<Record<string, string>>;

function countryText(code: string | null, names: CountryNames): string | null {
  if (!code) return null;
  const name = names[code];
  return name ? `${name} (${code})` : code;
}

function websiteHref(website: string): string | null {
  return safeEvidenceUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
}

function organisationHref(id: string): string {
  return `/organisations/${encodeURIComponent(id)}`;
}

/** "from the company-data provider · 23 Nov 2026", and the evidence it links to named by its host ("evidence: abr.business.gov.au"). */
function FieldSource({ record, label }: { record: FieldSourceRecord | null; label: string }) {
  if (!record) return null;
  const evidence = safeEvidenceUrl(record.evidenceUrl);
  const host = evidence ? evidenceHost(evidence) : null;
  const text = provenanceText(record);
  return (
    <p className="field-source" data-source={record.source}>
      {text}
      {evidence ? (
        <>
          {' · '}
          <a href={evidence} target="_blank" rel="noopener noreferrer" data-evidence-host={host ?? undefined}>
            <span className="visually-hidden">Evidence for {label}: </span>
            {host ?? 'evidence'}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      ) : null}
    </p>
  );
}

function Field({ label, field, sources, children }: { label: string; field: string; sources: readonly FieldSourceRecord[]; children: ReactNode }) {
  return (
    <div className="profile-field" data-field={field}>
      <dt>{label}</dt>
      <dd>
        <div className="profile-field-value">{children}</div>
        <FieldSource record={provenanceOf(sources, field)} label={label} />
      </dd>
    </div>
  );
}

function ProfileFields({ profile, countryNames }: { profile: OrganisationProfile; countryNames: CountryNames }) {
  const { sources } = profile;
  const href = profile.website ? websiteHref(profile.website) : null;
  const country = countryText(profile.countryIsoAlpha3, countryNames);
  const fields: ReactNode[] = [];
  if (profile.businessName) {
    fields.push(
      <Field key="businessName" label="Trading as" field="businessName" sources={sources}>
        {profile.businessName}
      </Field>,
    );
  }
  if (profile.description) {
    fields.push(
      <Field key="description" label="Description" field="description" sources={sources}>
        <p>{profile.description}</p>
      </Field>,
    );
  }
  if (profile.website) {
    fields.push(
      <Field key="website" label="Website" field="website" sources={sources}>
        {href ? <a href={href}>{profile.websiteDomain ?? profile.website}</a> : profile.website}
      </Field>,
    );
  }
  if (profile.type) {
    fields.push(
      <Field key="type" label="Type" field="type" sources={sources}>
        {organisationTypeLabel(profile.type, profile.countryIsoAlpha3)}
      </Field>,
    );
  }
  if (country) {
    fields.push(
      <Field key="country" label="Country" field="country" sources={sources}>
        {country}
      </Field>,
    );
  }
  if (profile.naics.length > 0) {
    fields.push(
      <Field key="naics" label="NAICS" field="naics" sources={sources}>
        <ul className="profile-list">
          {profile.naics.map((tag) => (
            <li key={tag.code}>
              <span className="naics-tag-code">{tag.code}</span> {tag.name}
            </li>
          ))}
        </ul>
      </Field>,
    );
  }
  if (profile.identifiers.length > 0) {
    fields.push(
      <div key="identifiers" className="profile-field" data-field="identifiers">
        <dt>Identifiers</dt>
        <dd>
          <ul className="profile-list">
            {profile.identifiers.map((identifier) => (
              <li key={`${identifier.type}-${identifier.value}`} data-identifier={identifier.type}>
                <span className="identifier-type">{identifier.type}</span>{' '}
                <span className="identifier-value">{formatIdentifier(identifier.type, identifier.value)}</span>
                <FieldSource record={provenanceOf(sources, `identifier:${identifier.type}`)} label={`the ${identifier.type}`} />
              </li>
            ))}
          </ul>
        </dd>
      </div>,
    );
  }
  if (profile.aliases.length > 0) {
    fields.push(
      <Field key="aliases" label="Also known as" field="legalName" sources={sources}>
        <ul className="profile-list">
          {profile.aliases.map((alias) => (
            <li key={alias}>{alias}</li>
          ))}
        </ul>
      </Field>,
    );
  }
  const formerNames = profile.formerNames ?? [];
  if (formerNames.length > 0) {
    fields.push(
      <Field key="formerNames" label="Formerly" field="formerNames" sources={sources}>
        <ul className="profile-list">
          {formerNames.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </Field>,
    );
  }
  if (profile.parent) {
    fields.push(
      <Field key="parent" label="Parent organisation" field="parent" sources={sources}>
        <Link href={organisationHref(profile.parent.id)}>{profile.parent.name}</Link>
      </Field>,
    );
  }
  if (profile.subsidiaries.length > 0) {
    fields.push(
      <Field key="subsidiaries" label="Subsidiaries" field="subsidiaries" sources={sources}>
        <ul className="profile-list">
          {profile.subsidiaries.map((subsidiary) => (
            <li key={subsidiary.id}>
              <Link href={organisationHref(subsidiary.id)}>{subsidiary.name}</Link>
            </li>
          ))}
        </ul>
      </Field>,
    );
  }
  if (fields.length === 0) return <p className="profile-empty">No details are known yet.</p>;
  return <dl className="profile-fields">{fields}</dl>;
}

function StatusPanel({ profile }: { profile: OrganisationProfile }) {
  const state = profileStateOf(profileStateFacts(profile));
  const { status } = state;
  const checked = profile.profileCheckedAt ? formatRetrievedDate(profile.profileCheckedAt) : null;
  const via = profile.profileSource === 'direct' ? 'the company-data provider' : 'web research';
  return (
    <section className="profile-status-panel" aria-labelledby="profile-status-heading" data-profile-status={status ?? 'NONE'} data-profile-state={state.kind}>
      <h2 id="profile-status-heading">Profile</h2>
      <div role="status" className="profile-status-live">
        <p className="profile-status">
          <ProfileStateBadge state={state} />
          {status === 'COMPLETED' && checked ? <span className="profile-status-when"> · checked {checked}</span> : null}
        </p>
        {status === 'PENDING' ? (
          <p className="profile-status-text">
            {profile.webResearchFound
              ? `Phase 1 is in (description, website, type); gathering the identifiers and classification from ${via}. This page updates by itself.`
              : `Gathering the description, website, identifiers and classification from ${via}. This page updates by itself.`}
          </p>
        ) : null}
        {state.detail ? <p className="profile-status-text">{state.detail}</p> : null}
        {state.classifyByHand ? (
          <p className="profile-status-text profile-classify-by-hand">
            No NAICS code was found: <Link href={`${organisationHref(profile.id)}/analyst`}>classify it by hand on the analyst page</Link>.
          </p>
        ) : null}
      </div>
      {status === 'PENDING' ? <progress className="profile-progress" aria-label="Enrichment in progress" /> : null}
      {status === 'FAILED' || status === null || state.kind === 'registry-only' ? <EnrichNowButton organisationId={profile.id} /> : null}
    </section>
  );
}

const VERDICT_LABELS: Record<NonNullable<OrganisationProfile['verification']>['verdict'], string> = {
  verified: 'Verified from registry evidence',
  redirected: 'Verified from registry evidence',
  not_verified: 'Not verified',
};

function Verification({ verification }: { verification: OrganisationProfile['verification'] }) {
  const evidenceUrl = safeEvidenceUrl(verification?.evidence.url ?? null);
  const when = verification ? formatRetrievedDate(verification.createdAt) : null;
  return (
    <section className="profile-verification" aria-labelledby="profile-verification-heading" data-verdict={verification?.verdict ?? 'none'}>
      <h2 id="profile-verification-heading">Verification</h2>
      {verification ? (
        <>
          <p className="verification-verdict">
            <span className={`status-badge verdict-${verification.verdict === 'not_verified' ? 'not-verified' : 'verified'}`}>
              {VERDICT_LABELS[verification.verdict]}
            </span>
            {when ? <span className="profile-status-when"> · {when}</span> : null}
          </p>
          <p className="verification-summary">{verification.evidence.summary}</p>
          {evidenceUrl ? (
            <p>
              <a href={evidenceUrl} target="_blank" rel="noopener noreferrer">
                Registry record at {evidenceHost(evidenceUrl) ?? 'the register'}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <p className="verification-verdict">Not verified yet.</p>
      )}
    </section>
  );
}

export function OrganisationProfileView({
  organisationId,
  initial,
  countryNames,
}: {
  organisationId: string;
  initial: OrganisationProfile;
  countryNames: CountryNames;
}) {
  const query = useOrganisationProfile(organisationId, initial);
  const profile = query.data;
  if (profile === null) {
    return (
      <div className="organisation-profile">
        <p role="alert">
          This organisation is no longer available. <Link href="/dashboard">Back to search</Link>
        </p>
      </div>
    );
  }
  const shown = profile ?? initial;
  return (
    <div className="organisation-surface organisation-profile" data-surface="profile">
      <StatusPanel profile={shown} />
      {query.isRefetchError ? (
        <p className="profile-notice" role="status">
          The status could not be refreshed just now; trying again.
        </p>
      ) : null}
      <section className="surface-section" aria-labelledby="profile-details-heading">
        <h2 id="profile-details-heading">Details</h2>
        <ProfileFields profile={shown} countryNames={countryNames} />
      </section>
      <Verification verification={shown.verification} />
    </div>
  );
}
