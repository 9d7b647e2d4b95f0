import type { Metadata } from 'next';
import { NaicsRow } from '../../../../../components/naics/naics-row';
import { Aquila1Classification } from '../../../../../components/organisation/classification-view';
import { FiguresView } from '../../../../../components/organisation/figures-view';
import { loadOrganisationSurface } from '../load-organisation-surface';
import { FindOrganisationLauncher } from '../../../../../components/shell/find-organisation-launcher';

export const metadata: Metadata = { title: 'Analyst' };
export const dynamic = 'force-dynamic';

/**
 * The analyst page: everything is rendered on the server; after an add the action's path refresh
 * (/organisations/{id}) re-renders it. The add control keeps its place whatever the classification count.
 */
export default async function AnalystPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { record, figures, flagEnabled } = await loadOrganisationSurface(id);
  return (
    <div className="organisation-surface analyst-surface" data-surface="analyst">
      <FindOrganisationLauncher intent="analyst" />
      <section className="surface-section" aria-labelledby="analyst-classification">
        <h2 id="analyst-classification">Classification</h2>
        <NaicsRow record={record} flagEnabled={flagEnabled} />
        <Aquila1Classification aquila1={record.aquila1} />
      </section>
      <section className="surface-section" aria-labelledby="analyst-figures">
        <h2 id="analyst-figures">Figures</h2>
        <FiguresView figures={figures} />
      </section>
      {record.description ? (
        <section className="surface-section" aria-labelledby="analyst-profile">
          <h2 id="analyst-profile">Profile</h2>
          <p>{record.description}</p>
        </section>
      ) : null}
    </div>
  );
}
