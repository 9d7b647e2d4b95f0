/**
 * A country's flag as an SVG image (served by /api/flags/{alpha2} from `country-flag-icons`), never an
 * emoji; Global (GLO) gets a neutral globe. Decorative: the country's code or name is always written next to it.
 */
import { GLOBAL_SEARCH_SCOPE } from '../../core/search-scope';

/** alpha-3 -> alpha-2, provided by the server (the country table stays out of the browser bundle). */
export type CountryFlags = Readonly<Record<string, string>>;

export function CountryFlag({ code, flags }: { code: string; flags: CountryFlags }) {
  if (code === GLOBAL_SEARCH_SCOPE) {
    return (
      <svg className="country-flag country-flag-globe" viewBox="0 0 24 16" width="24" height="16" aria-hidden="true" focusable="false">
        <rect width="24" height="16" rx="2" fill="#e8ebf0" />
        <g fill="none" stroke="#5b6470" strokeWidth="1.1">
          <circle cx="12" cy="8" r="6" />
          <ellipse cx="12" cy="8" rx="2.6" ry="6" />
          <path d="M6 8h12M7 5h10M7 11h10" />
        </g>
      </svg>
    );
  }
  const alpha2 = flags[code];
  if (!alpha2) return null;
  return <img className="country-flag" src={`/api/flags/${alpha2}`} alt="" width={24} height={16} loading="lazy" decoding="async" />;
}
