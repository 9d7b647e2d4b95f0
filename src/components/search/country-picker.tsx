'use client';
/**
 * The country picker (spec: "Country picker order"): GLO shown as Global, AUS, NZL, CAN, CHN, GBR, USA, a
 * divider, then the rest alphabetically; searchable by typing a name or a code. A React Aria ComboBox: the
 * input is a combobox, the list a listbox in a popover that fits a 390 px screen. It opens on typing, on
 * ArrowDown or with its button, not on focus, so tabbing through the form does not open it.
 */
import { useMemo } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover } from 'react-aria-components';
import type { CountryOption } from '../../core/countries';
import { CountryFlag, type CountryFlags } from './country-flag';
import { countryMatches } from './country-match';

export interface CountryPickerOptions {
  readonly pinned: readonly CountryOption[];
  readonly rest: readonly CountryOption[];
}

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
  return (
    <ComboBox
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
      <div className="country-picker-field">
        <CountryFlag code={value} flags={flags} />
        <Input className="country-picker-input" />
        <Button className="country-picker-button" aria-label="Show countries">
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Popover className="country-picker-popover" placement="bottom start">
        {/* The scrolling region is in the tab order, so the long list can be scrolled by keyboard alone. */}
        <div className="country-picker-scroll" tabIndex={0}>
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
