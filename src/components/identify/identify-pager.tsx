/**
 * The identify list's paging: how many organisations the view holds, which of them are shown, and links
 * to the first, previous, next and last page (links, so Back works and a page can be shared).
 */
import Link from 'next/link';
import { IDENTIFY_PAGE_SIZE, identifyListSearch, type IdentifyListPage } from '../../core/identify-list';

export function IdentifyPager({ list, pageSize = IDENTIFY_PAGE_SIZE }: { list: IdentifyListPage; pageSize?: number }) {
  const { page } = list.query;
  const href = (target: number) => `/identify${identifyListSearch({ ...list.query, page: target })}`;
  const from = list.total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, list.total);
  const step = (label: string, target: number, enabled: boolean) =>
    enabled ? (
      <Link href={href(target)} className="button identify-pager-link">
        {label}
      </Link>
    ) : (
      <span className="button identify-pager-link" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="identify-pager" aria-label="Pages">
      <p className="identify-pager-summary" role="status">
        {list.total === 0 ? 'No organisations' : `${from}–${to} of ${list.total} organisations · page ${page} of ${list.pageCount}`}
      </p>
      {list.pageCount > 1 ? (
        <div className="identify-pager-links">
          {step('First page', 1, page > 1)}
          {step('Previous page', page - 1, page > 1)}
          {step('Next page', page + 1, page < list.pageCount)}
          {step('Last page', list.pageCount, page < list.pageCount)}
        </div>
      ) : null}
    </nav>
  );
}
