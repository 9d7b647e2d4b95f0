/**
 * The organisation's NAICS tags with the add control beside them, in one row on every surface. The control is
 * gated only on the flag and enrichmentComplete (never on the live classification count), so it keeps its
 * place and is not remounted when the classification appears (spec: stable position).
 */
import { isClassified } from '../../core/classification';
import type { OrganisationRecord } from '../../core/organisation-record';
import { NaicsTags } from '../organisation/classification-view';
import { AddNaicsControl, type AddNaicsControlProps } from './add-naics-control';

export function NaicsRow({
  record,
  flagEnabled,
  className,
  onAdded,
}: {
  record: Pick<OrganisationRecord, 'id' | 'naics' | 'aquila1' | 'enrichmentComplete'>;
  flagEnabled: boolean;
  className?: string;
  onAdded?: AddNaicsControlProps['onAdded'];
}) {
  return (
    <div className={className ? `naics-row ${className}` : 'naics-row'}>
      <NaicsTags naics={record.naics} />
      <AddNaicsControl
        organisationId={record.id}
        flagEnabled={flagEnabled}
        enrichmentComplete={record.enrichmentComplete}
        classified={isClassified(record.aquila1.length)}
        onAdded={onAdded}
      />
    </div>
  );
}
