import type { Metadata } from 'next';
import { NaicsRow } from '../../../../../components/naics/naics-row';
import { Aquila1Classification } from '../../../../../components/organisation/classification-view';
import { LiveFlagCounts, LiveOrganisationFigures } from '../../../../../components/organisation/live-figures';
import { classifiedShare, formatShare } from '../../../../../components/organisation/organisation-figures';
import { loadOrganisationSurface } from '../load-organisation-surface';
import { FindOrganisationLauncher } from '../../../../../components/shell/find-organisation-launcher';

export const metadata: Metadata = { title: 'Spotlight' };
export const dynamic = 'force-dynamic';

/**
 * The spotlight scorecard. After an add: the action's path refresh re-renders it, and the latch's client
 * cache invalidation refetches the client figures. The add control sits unconditionally in the same row
 * as the tags, so the refresh does not remount it.
 */
export default async function SpotlightPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { record, figures, flagCounts, flagEnabled } = await loadOrganisationSurface(id);
  const spend = figures.totals.filter((row) => row.type === 'SPENT');
  const spendTotal = spend.reduce((sum, row) => sum + row.totalAmount, 0);
  const spendClassified = spend.reduce((sum, row) => sum + row.classifiedAmount, 0);
  const sectors = new Set(record.aquila1.map((edge) => edge.code)).size;
  return (
    <div className="organisation-surface spotlight-surface" data-surface="spotlight">
      <FindOrganisationLauncher intent="spotlight" />
      <section className="scorecard" aria-labelledby="spotlight-scorecard">
        <h2 id="spotlight-scorecard">Scorecard</h2>
        <dl className="scorecard-tiles">
          <div className="scorecard-tile">
            <dt>Classification</dt>
            <dd data-tile="classification">{record.classified ? 'Classified' : 'Unclassified'}</dd>
          </div>
          <div className="scorecard-tile">
            <dt>Aquila1 sectors</dt>
            <dd data-tile="sectors">{sectors}</dd>
          </div>
          <div className="scorecard-tile">
            <dt>Classified share of spend</dt>
            <dd data-tile="spend-share">{formatShare(classifiedShare({ totalAmount: spendTotal, classifiedAmount: spendClassified }))}</dd>
          </div>
        </dl>
        <NaicsRow record={record} flagEnabled={flagEnabled} className="scorecard-tags" />
        <Aquila1Classification aquila1={record.aquila1} />
      </section>
      <section className="surface-section" aria-labelledby="spotlight-figures">
        <h2 id="spotlight-figures">Risk figures</h2>
        <LiveOrganisationFigures organisationId={record.id} initial={figures} />
      </section>
      <section className="surface-section" aria-labelledby="spotlight-flags">
        <h2 id="spotlight-flags">Your list</h2>
        <LiveFlagCounts initial={flagCounts} />
      </section>
    </div>
  );
}
