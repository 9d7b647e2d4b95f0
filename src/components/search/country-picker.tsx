'use client';
/**
 * The country picker (spec: "Country picker order"): GLO shown as Global, AUS, NZL, CAN, CHN, GBR, USA, a
 * divider, then the rest alphabetically; searchable by typing a name or a code. A React Aria ComboBox: the
 * input is a combobox, the list a listbox in a popover that fits a 390 px screen. It opens on typing, on
 * ArrowDown or with its button, not on focus, so tabbing through the form does not open it.
 *
 * While the list is open React Aria hides the rest of the page from assistive technology (aria-hidden); what it
 * hid that can take focus is made inert meanwhile, so nothing hidden stays focusable (axe aria-hidden-focus, the
 * same as React Aria's own `shouldUseInert`). Tab closes the list first, so the page is live again before the
 * browser moves the focus.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover } from 'react-aria-components';
import type { CountryOption } from '../../core/countries';
import { CountryFlag, type CountryFlags } from './country-flag';
import { countryMatches } from './country-match';

export interface CountryPickerOptions {
  readonly pinned: readonly CountryOption[];
  readonly rest: readonly CountryOption[];
}

/** The focusable elements (or holders of them) React Aria hid while the list is open: inert until it closes. */
function useInertWhileHidden(open: boolean): () => void {
  const [made, setMade] = useState<HTMLElement[]>([]);
  useEffect(() => {
    if (!open) return;
    // React Aria hides the outside in its own effect of the same commit: look once it has run.
    const frame = requestAnimationFrame(() => {
      const hidden = [...document.querySelectorAll<HTMLElement>('[aria-hidden="true"]')].filter(
        (element) => !element.inert && (element.matches(FOCUSABLE) || element.querySelector(FOCUSABLE) !== null),
      );
      for (const element of hidden) element.inert = true;
      setMade(hidden);
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
  useEffect(() => {
    if (open || made.length === 0) return;
    for (const element of made) element.inert = false;
    setMade([]);
  }, [made, open]);
  return () => {
    for (const element of made) element.inert = false;
  };
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

function CountryItem({ option, flags }: { option: CountryOption; flags: CountryFlags }) {
  return (
    <ListBoxItem id={option.code} textValue={option.name} className="country-option">
      <CountryFlag code={option.code} flags={flags} />
      <span>{option.name}</span>
    </ListBoxItem>
  );
}

export function CountryPicker({
  countries,
  flags,
  value,
  onChange,
  compact = false,
}: {
  countries: CountryPickerOptions;
  flags: CountryFlags;
  value: string;
  onChange: (code: string) => void;
  compact?: boolean;
}) {
  const byName = useMemo(() => new Map([...countries.pinned, ...countries.rest].map((option) => [option.name, option])), [countries]);
  const [open, setOpen] = useState(false);
  const wake = useInertWhileHidden(open);
  return (
    <ComboBox
      onOpenChange={setOpen}
      className={`country-picker${compact ? ' country-picker-compact' : ''}`}
      selectedKey={value}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      defaultFilter={(textValue, typed) => {
        const option = byName.get(textValue);
        return option ? countryMatches(option, typed) : false;
      }}
    >
      <Label className="visually-hidden">Country</Label>
      <div
        className="country-picker-field"
        onKeyDownCapture={(event) => {
          // Tab leaves the picker: the page is live again before the browser looks for the next stop.
          if (event.key === 'Tab') wake();
        }}
      >
        <CountryFlag code={value} flags={flags} />
        <Input className="country-picker-input" />
        <Button className="country-picker-button" aria-label="Show countries">
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Popover className="country-picker-popover" placement="bottom start">
        {/* The scrolling region is in the tab order, so the long list can be scrolled by keyboard alone. */}
        <div className="country-picker-scroll" tabIndex={0} role="region" aria-label="Country list">
          <ListBox className="country-picker-list">
            <ListBoxSection id="pinned" aria-label="Frequent countries" className="country-picker-section">
              {countries.pinned.map((option) => (
                <CountryItem key={option.code} option={option} flags={flags} />
              ))}
            </ListBoxSection>
            {/* The divider is the top border of the second group. */}
            <ListBoxSection id="rest" aria-label="All countries" className="country-picker-section country-picker-divider">
              {countries.rest.map((option) => (
                <CountryItem key={option.code} option={option} flags={flags} />
              ))}
            </ListBoxSection>
          </ListBox>
        </div>
      </Popover>
    </ComboBox>
  );
}
