'use client';
/**
 * Arriving with `searchIntent` (a launcher, spec "Search-mode state"): search becomes active; with the
 * command-K overlay on, the overlay opens on the page. Reads the URL only to react to an arrival: the
 * search-mode state itself is never derived from it (closing search strips the parameters first).
 */
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { useCommandKOverlay } from '../shell/command-k-overlay';
import { searchIntentOf } from './search-launch';
import { useSearchMode } from './search-mode-provider';

export function SearchIntentArrival() {
  const params = useSearchParams();
  const intent = searchIntentOf(new URLSearchParams(params.toString()));
  const { activate } = useSearchMode();
  const overlay = useCommandKOverlay();
  const { enabled: overlayEnabled, open: openOverlay } = overlay;

  useEffect(() => {
    if (!intent) return;
    activate();
    if (overlayEnabled) openOverlay();
  }, [intent, activate, overlayEnabled, openOverlay]);
  return null;
}
