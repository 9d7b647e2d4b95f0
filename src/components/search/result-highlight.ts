/**
 * The highlighted option of the results listbox (WAI-ARIA combobox pattern: DOM focus stays in the input,
 * `aria-activedescendant` names the highlighted option). The highlight is held by row key, so rows that
 * arrive later, above or below, never move it to another organisation; a row that leaves the list (the
 * scope filter) takes the highlight with it.
 */

export type HighlightMove = 'next' | 'previous' | 'first' | 'last';

/**
 * ArrowDown (`next`) from nothing highlights the first row and stops at the last; ArrowUp (`previous`) from
 * nothing highlights the last row, and from the first row returns to the input (nothing highlighted).
 */
export function movedHighlight(rowKeys: readonly string[], current: string | null, move: HighlightMove): string | null {
  if (rowKeys.length === 0) return null;
  const last = rowKeys.length - 1;
  const index = current === null ? -1 : rowKeys.indexOf(current);
  switch (move) {
    case 'first':
      return rowKeys[0] ?? null;
    case 'last':
      return rowKeys[last] ?? null;
    case 'next':
      return rowKeys[index < 0 ? 0 : Math.min(index + 1, last)] ?? null;
    case 'previous':
      if (index < 0) return rowKeys[last] ?? null;
      return index === 0 ? null : (rowKeys[index - 1] ?? null);
  }
}

/** The highlight after the list changed: the same row when it is still listed, else none. */
export function keptHighlight(rowKeys: readonly string[], current: string | null): string | null {
  return current !== null && rowKeys.includes(current) ? current : null;
}
