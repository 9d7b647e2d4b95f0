/** The figures classification unlocks: the classified share of the account's spend (and investment), and amounts by sector. */
import { profileStatusLabel } from '../../core/profile-status';
import { classifiedShare, formatAmount, formatShare, transactionTypeLabel, type FlagCounts, type OrganisationFigures } from './organisation-figures';

export function FiguresView({ figures }: { figures: OrganisationFigures }) {
  if (figures.totals.length === 0) {
    return <p className="figures-empty">No transactions of your account with this organisation.</p>;
  }
  return (
    <div className="figures">
      <table className="figures-table" aria-label="Classified share">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Total</th>
            <th scope="col">Classified</th>
            <th scope="col">Classified share</th>
          </tr>
        </thead>
        <tbody>
          {figures.totals.map((row) => (
            <tr key={`${row.type}-${row.currency}`} data-type={row.type}>
              <th scope="row">{transactionTypeLabel(row.type)}</th>
              <td>
                {formatAmount(row.totalAmount, row.currency)} <span className="figures-count">({row.transactionCount})</span>
              </td>
              <td>
                {formatAmount(row.classifiedAmount, row.currency)} <span className="figures-count">({row.classifiedCount})</span>
              </td>
              <td className="figures-share">{formatShare(classifiedShare(row))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {figures.sectors.length > 0 ? (
        <table className="figures-table" aria-label="Amount by Aquila1 sector">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Aquila1 sector</th>
              <th scope="col">Amount (weighted)</th>
            </tr>
          </thead>
          <tbody>
            {figures.sectors.map((row) => (
              <tr key={`${row.type}-${row.currency}-${row.aquila1Code}`}>
                <td>{transactionTypeLabel(row.type)}</td>
                <td>{row.aquila1Name}</td>
                <td>{formatAmount(row.amount, row.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="figures-locked">Sector figures appear once the organisation is classified.</p>
      )}
    </div>
  );
}

export function FlagCountsView({ counts }: { counts: FlagCounts }) {
  return (
    <dl className="flag-counts">
      <div>
        <dt>In your list</dt>
        <dd data-flag="listed">{counts.listed}</dd>
      </div>
      <div>
        <dt>Awaiting classification</dt>
        <dd data-flag="unclassified">{counts.unclassified}</dd>
      </div>
      <div>
        <dt>{profileStatusLabel('PENDING')}</dt>
        <dd data-flag="enriching">{counts.enriching}</dd>
      </div>
      <div>
        <dt>{profileStatusLabel(null)}</dt>
        <dd data-flag="not-enriched">{counts.notEnriched}</dd>
      </div>
    </dl>
  );
}
