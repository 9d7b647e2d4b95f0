/**
 * The organisation's NAICS tags and its Aquila1 classification per transaction type with weights.
 * Plain components (no hooks): rendered by server pages and by the identify sidebar alike.
 */
import type { OrganisationRecord } from '../../core/organisation-record';
import { formatWeight, transactionTypeLabel } from './organisation-figures';

export function NaicsTags({ naics }: { naics: OrganisationRecord['naics'] }) {
  if (naics.length === 0) return <span className="naics-tags-empty">No NAICS code</span>;
  return (
    <ul className="naics-tags" aria-label="NAICS codes">
      {naics.map((tag) => (
        <li key={tag.code} className="naics-tag">
          <span className="naics-tag-code">{tag.code}</span> {tag.name}
        </li>
      ))}
    </ul>
  );
}

const SHOWN_TYPES = ['SPENT', 'INVESTED'] as const;

/** One table per basket (SPENT, INVESTED): sector and weight, or "not classified". */
export function Aquila1Classification({ aquila1 }: { aquila1: OrganisationRecord['aquila1'] }) {
  return (
    <div className="aquila1-classification">
      {SHOWN_TYPES.map((type) => {
        const edges = aquila1.filter((edge) => edge.for === type);
        return (
          <section key={type} className="aquila1-basket" aria-label={`Aquila1 classification: ${transactionTypeLabel(type)}`}>
            <h3 className="aquila1-basket-title">
              {transactionTypeLabel(type)} ({type})
            </h3>
            {edges.length === 0 ? (
              <p className="aquila1-basket-empty">Not classified</p>
            ) : (
              <table className="aquila1-table">
                <thead>
                  <tr>
                    <th scope="col">Aquila1 sector</th>
                    <th scope="col">Weight</th>
                  </tr>
                </thead>
                <tbody>
                  {edges.map((edge) => (
                    <tr key={edge.code}>
                      <td>
                        {edge.name} <span className="aquila1-code">{edge.code}</span>
                      </td>
                      <td className="aquila1-weight">{formatWeight(edge.weight)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
