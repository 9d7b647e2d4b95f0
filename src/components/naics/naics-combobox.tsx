'use client';
/**
 * The NAICS search combobox (ARIA 1.2 combobox with a listbox popup). Loaded lazily by the add control.
 * Typing searches after the debounce (TanStack Query: use-naics-search.ts); ArrowDown/ArrowUp/Home/End
 * move the active option, Enter selects it, Escape closes the popup and keeps the focus in the input.
 * The popup opens only when it has content.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { NaicsSearchResult } from '../../core/naics';
import {
  NAICS_COMBOBOX_DEBOUNCE_MS,
  NAICS_COMBOBOX_MIN_CHARS,
  moveActiveIndex,
  popupHasContent,
  searchStatusText,
  type NaicsSearchFunction,
} from './naics-combobox-state';
import { fetchNaicsSuggestions } from './naics-search-client';
import { useNaicsSearch } from './use-naics-search';

export type NaicsComboboxVariant = 'default' | 'toolbar' | 'default-dark-popup';

export interface NaicsComboboxProps {
  readonly label: string;
  readonly onSelect: (item: NaicsSearchResult) => void;
  readonly disabled?: boolean;
  readonly minChars?: number;
  readonly debounceMs?: number;
  readonly clearable?: boolean;
  readonly variant?: NaicsComboboxVariant;
  readonly placeholder?: string;
  /** A message the popup shows when there is nothing else (opens the popup by itself). */
  readonly promptMessage?: string | null;
  readonly autoFocus?: boolean;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly search?: NaicsSearchFunction;
}

export default function NaicsCombobox({
  label,
  onSelect,
  disabled = false,
  minChars = NAICS_COMBOBOX_MIN_CHARS,
  debounceMs = NAICS_COMBOBOX_DEBOUNCE_MS,
  clearable = true,
  variant = 'default',
  placeholder = 'Search NAICS industries',
  promptMessage = null,
  autoFocus = false,
  inputRef,
  search = fetchNaicsSuggestions,
}: NaicsComboboxProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [value, setValue] = useState('');
  const { state, setTerm, reset } = useNaicsSearch({ search, minChars, debounceMs });
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const ownInputRef = useRef<HTMLInputElement | null>(null);

  // A new answer resets the active option.
  useEffect(() => setActive(-1), [state.results]);

  const open = !dismissed && popupHasContent(state, promptMessage);
  const options = state.results;
  const statusText = searchStatusText(state) ?? promptMessage;

  function change(next: string) {
    setValue(next);
    setDismissed(false);
    setTerm(next);
  }

  function choose(index: number) {
    const item = options[index];
    if (!item || disabled) return;
    onSelect(item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setDismissed(false);
          return;
        }
        setActive((current) => moveActiveIndex(current, options.length, event.key === 'ArrowDown' ? 'next' : 'previous'));
        return;
      }
      case 'Home':
      case 'End':
        if (open && options.length > 0 && active >= 0) {
          event.preventDefault();
          setActive(moveActiveIndex(active, options.length, event.key === 'Home' ? 'first' : 'last'));
        }
        return;
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        return;
      case 'Escape':
        // Closes the popup; the input keeps the focus (and the control stays expanded).
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setDismissed(true);
          setActive(-1);
        }
        return;
    }
  }

  function setInputRef(element: HTMLInputElement | null) {
    ownInputRef.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) inputRef.current = element;
  }

  return (
    <div className={`naics-combobox naics-combobox-${variant}`}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {label}
      </label>
      <div className="naics-combobox-field">
        <input
          id={`${id}-input`}
          ref={setInputRef}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-busy={state.status === 'loading'}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          maxLength={200}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {clearable && value !== '' ? (
          <button
            type="button"
            className="naics-combobox-clear"
            aria-label="Clear search"
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setValue('');
              setDismissed(false);
              reset();
              ownInputRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </div>
      {/* Focusable so that a keyboard can scroll the suggestions when they overflow (axe: scrollable-region-focusable), and
          so a region, a role a focusable scrolling container may have (axe's experimental focus-order-semantics). */}
      <div className="naics-combobox-popup" hidden={!open} data-status={state.status} tabIndex={0} role="region" aria-label={`${label}: suggestions list`}>
        {statusText ? <p className={`naics-combobox-status naics-combobox-status-${state.status}`}>{statusText}</p> : null}
        <ul id={listboxId} role="listbox" aria-label={`${label}: suggestions`} className="naics-combobox-options">
          {open
            ? options.map((item, index) => (
                <li
                  key={item.code}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={disabled || undefined}
                  className="naics-combobox-option"
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(index)}
                >
                  <span className="naics-combobox-option-code">{item.code}</span> <span className="naics-combobox-option-name">{item.name}</span>
                  {item.matchedPhrase !== undefined ? <span className="naics-combobox-option-phrase">Index entry: “{item.matchedPhrase}”</span> : null}
                </li>
              ))
            : null}
        </ul>
      </div>
    </div>
  );
}
