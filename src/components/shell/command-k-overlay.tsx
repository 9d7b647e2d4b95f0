'use client';
/**
 * The command-K overlay (spec "Search surfaces in the interface"): with the flag `commandKSearch` on, a
 * global overlay owns search on every main route. Ctrl+K / Cmd+K and the header's search button open it;
 * Escape, a click outside or its X close it (closing search without a selection). It is a React Aria modal
 * dialog: focus moves into it (to the query input), is trapped there, and returns where it was on close. A launcher's arrival
 * with `searchIntent` opens it (search-intent-arrival.tsx); a selection's navigation closes it.
 */
import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { OrganisationSearch, type OrganisationSearchProps } from '../search/organisation-search';
import { isCommandKShortcut } from '../search-mode/command-k-shortcut';
import { useCloseSearchWithoutSelection } from '../search-mode/use-close-search';
import { useSearchMode } from '../search-mode/search-mode-provider';
import { CloseIcon } from './shell-icons';

export type OverlaySearchProps = Omit<OrganisationSearchProps, 'variant'>;

export interface CommandKOverlay {
  /** The overlay exists (flag `commandKSearch` on for the account). */
  readonly enabled: boolean;
  readonly isOpen: boolean;
  open(): void;
}

const DISABLED: CommandKOverlay = { enabled: false, isOpen: false, open: () => undefined };
const CommandKOverlayContext = createContext<CommandKOverlay>(DISABLED);

/** Provides the overlay's open state to the header and the launchers; `search` null = flag off, no overlay. */
export function CommandKOverlayProvider({ search, children }: { search: OverlaySearchProps | null; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const closeWithoutSelection = useCloseSearchWithoutSelection();
  const enabled = search !== null;
  const open = useCallback(() => setOpen(true), []);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandKShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);

  // A selection closes search (closeSearch() runs the registered cleanups): the overlay closes with it, even when
  // the destination is the page it was opened on.
  const { registerCleanup } = useSearchMode();
  useEffect(() => {
    if (!isOpen) return;
    return registerCleanup(() => setOpen(false));
  }, [isOpen, registerCleanup]);

  // A selection navigates to its destination: the overlay closes with the page it was opened on.
  const pathname = usePathname();
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (openedOn.current !== pathname) setOpen(false);
    openedOn.current = pathname;
  }, [pathname]);

  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (!next) closeWithoutSelection();
    },
    [closeWithoutSelection],
  );

  // Command-K means "type now": once the dialog has taken the focus, it moves on to the query input.
  const dialogRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(() => dialogRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  const value = useMemo<CommandKOverlay>(() => (enabled ? { enabled, isOpen, open } : DISABLED), [enabled, isOpen, open]);
  return (
    <CommandKOverlayContext.Provider value={value}>
      {children}
      {search ? (
        <ModalOverlay className="command-k-backdrop" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
          <Modal className="command-k-modal">
            <Dialog ref={dialogRef} className="command-k-dialog" aria-labelledby="command-k-title">
              <div className="command-k-head">
                <Heading slot="title" id="command-k-title" className="command-k-title">
                  Search organisations
                </Heading>
                <Button className="icon-button" aria-label="Close search" onPress={() => onOpenChange(false)}>
                  <CloseIcon />
                </Button>
              </div>
              <OrganisationSearch {...search} variant="overlay" />
            </Dialog>
          </Modal>
        </ModalOverlay>
      ) : null}
    </CommandKOverlayContext.Provider>
  );
}

export function useCommandKOverlay(): CommandKOverlay {
  return useContext(CommandKOverlayContext);
}
