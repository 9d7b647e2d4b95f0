'use client';
/**
 * The identify list's filters: the name filter (applied on Enter or "Apply") and the status filter in the
 * profile status vocabulary (applied as soon as it changes). Each change is a navigation to the new view's
 * URL, so Back returns to the previous view; the page reads the view from the URL. Without JavaScript the
 * form is a plain GET form.
 */
import { useRouter } from 'next/navigation';
import { useRef, type FormEvent } from 'react';
import { Button, Input, Label, ListBox, ListBoxItem, Popover, SearchField, Select, SelectValue, type Key } from 'react-aria-components';
import {
  DEFAULT_IDENTIFY_SORT,
  IDENTIFY_FILTER_MAX_LENGTH,
  IDENTIFY_STATUS_FILTERS,
  formatIdentifySort,
  identifyListSearch,
  identifyStatusFilterLabel,
  identifyStatusFilterSchema,
  type IdentifyListQuery,
} from '../../core/identify-list';

const ANY_STATUS = 'ANY';

export function IdentifyListControls({ query }: { query: IdentifyListQuery }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const sortIsDefault = query.sort.column === DEFAULT_IDENTIFY_SORT.column && query.sort.direction === DEFAULT_IDENTIFY_SORT.direction;

  /** Filters start again at page 1 and keep the sort. */
  function go(filter: string, status: Key | null) {
    const parsed = identifyStatusFilterSchema.safeParse(status);
    router.push(`/identify${identifyListSearch({ sort: query.sort, filter: filter.trim(), status: parsed.success ? parsed.data : null, page: 1 })}`);
  }

  function currentFilter(): string {
    const value = formRef.current ? new FormData(formRef.current).get('filter') : null;
    return typeof value === 'string' ? value : '';
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const filter = data.get('filter');
    go(typeof filter === 'string' ? filter : '', String(data.get('status') ?? ''));
  }

  return (
    <form
      key={identifyListSearch(query)}
      ref={formRef}
      className="identify-controls"
      role="search"
      aria-label="Filter organisations"
      action="/identify"
      method="get"
      onSubmit={submit}
    >
      {sortIsDefault ? null : <input type="hidden" name="sort" value={formatIdentifySort(query.sort)} />}
      <SearchField className="identify-filter" name="filter" defaultValue={query.filter} maxLength={IDENTIFY_FILTER_MAX_LENGTH}>
        <Label className="identify-field-label">Name</Label>
        <div className="identify-filter-field">
          <Input placeholder="Filter by name" />
          <Button className="identify-filter-clear" aria-label="Clear name filter">
            ×
          </Button>
        </div>
      </SearchField>
      <Select className="identify-status" name="status" defaultSelectedKey={query.status ?? ANY_STATUS} onSelectionChange={(key) => go(currentFilter(), key)}>
        <Label className="identify-field-label">Status</Label>
        <Button className="identify-status-button">
          <SelectValue />
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="identify-status-popover">
          <ListBox className="identify-status-options">
            <ListBoxItem id={ANY_STATUS} className="identify-status-option">
              Any status
            </ListBoxItem>
            {IDENTIFY_STATUS_FILTERS.map((status) => (
              <ListBoxItem key={status} id={status} className="identify-status-option">
                {identifyStatusFilterLabel(status)}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <button type="submit" className="button">
        Apply
      </button>
    </form>
  );
}
