'use client';
/**
 * The page content that search mode hides (spec: "while true the page content is hidden and the search
 * surface and dark header show"): a page wraps everything but its search surface in it. Under the open
 * command-K overlay the page stays as it is behind the dialog (focus returns to it on close).
 */
import type { ReactNode } from 'react';
import { useSearchMode } from '../search-mode/search-mode-provider';
import { useCommandKOverlay } from './command-k-overlay';

export function SearchModeHidden({ children }: { children: ReactNode }) {
  const { inSearchMode } = useSearchMode();
  const overlay = useCommandKOverlay();
  return (
    <div className="page-content" hidden={inSearchMode && !overlay.isOpen}>
      {children}
    </div>
  );
}
