/**
 * The badge of an organisation the register lists as inactive (issue 20, section 4): the register's own words
 * and the year it took effect ("Dissolved 2020", "Cancelled"), as visible text, never colour alone. Nothing for
 * an active or unknown one. Shown in every list: search and quick lookup results, the identify list, the match
 * review, the organisation page.
 */
import { registryStatusBadge, type RegistryStatus } from '../../core/registry-status';

export function RegistryStatusBadge({ status }: { status: RegistryStatus | null | undefined }) {
  const text = registryStatusBadge(status);
  if (text === null || !status) return null;
  const since = status.date === null ? '' : ` since ${status.date}`;
  return (
    <span
      className="badge badge-inactive"
      data-registry-status={status.status}
      title={`The register lists this organisation as ${status.wording ?? 'inactive'}${since}`}
    >
      {text}
    </span>
  );
}
