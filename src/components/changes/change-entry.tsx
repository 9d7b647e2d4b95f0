/**
 * One registry change in words (issue 23, section 2), as the `/changes` page and an organisation's History show it:
 * what changed, before -> after, the register that said so and when it was observed; "New" while the account has
 * not read it (in words, not colour alone).
 */
import Link from 'next/link';
import { describeChange, REGISTRY_SOURCE_LABELS, type AccountChange } from '../../core/change-view';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function ChangeEntry({ change, showOrganisation }: { change: AccountChange; showOrganisation: boolean }) {
  const description = describeChange(change);
  return (
    <div className="change-text">
      <p className="change-heading">
        {change.unread ? <span className="badge badge-new">New</span> : null}{' '}
        {showOrganisation ? <Link href={`/organisations/${change.organisationId}`}>{change.organisationName}</Link> : null}
        {showOrganisation ? <span className="change-separator"> · </span> : null}
        <span className="change-label">{description.label}</span>
      </p>
      <p className="change-values">
        {description.before !== null && description.after !== null ? (
          <>
            <del className="change-before">
              <span className="visually-hidden">was </span>
              {description.before}
            </del>{' '}
            <span aria-hidden="true">→</span>{' '}
            <ins className="change-after">
              <span className="visually-hidden">now </span>
              {description.after}
            </ins>
          </>
        ) : description.after !== null ? (
          <ins className="change-after">{description.after}</ins>
        ) : (
          <del className="change-before">{description.before ?? 'none'}</del>
        )}
      </p>
      <p className="change-meta">
        {REGISTRY_SOURCE_LABELS[change.source]} · observed <time dateTime={change.observedAt}>{WHEN.format(new Date(change.observedAt))} UTC</time>
      </p>
    </div>
  );
}
