'use client';
/**
 * The focus panel (flag `hybridSearch` only): the scope selector All / New / Existing and the Business
 * names and Sole traders switches, which apply to Australia only and are disabled under Existing, and Hide
 * inactive (organisations the register lists as dissolved or cancelled). The rules (effective value, reset on
 * leaving AUS, refetch) live in core/focus-panel.ts; this is the view.
 */
import { useId } from 'react';
import { Label, Radio, RadioGroup, Switch } from 'react-aria-components';
import { SEARCH_SCOPES, togglesApply, type FocusPanelState, type SearchScope } from '../../core/focus-panel';

const SCOPE_LABELS: Record<SearchScope, string> = { all: 'All', new: 'New', existing: 'Existing' };
const isScope = (value: string): value is SearchScope => (SEARCH_SCOPES as readonly string[]).includes(value);

export function FocusPanel({ panel, onChange }: { panel: FocusPanelState; onChange: (next: FocusPanelState) => void }) {
  const hintId = useId();
  const existing = panel.scope === 'existing';
  const applies = togglesApply(panel.country);
  const hint = existing ? 'Not used for existing organisations.' : applies ? 'Australian registry options.' : 'Australia only.';
  return (
    <div className="focus-panel" role="group" aria-label="Focus">
      <RadioGroup
        className="scope-selector"
        orientation="horizontal"
        value={panel.scope}
        onChange={(value) => {
          if (isScope(value)) onChange({ ...panel, scope: value });
        }}
      >
        <Label className="focus-panel-label">Show</Label>
        <div className="scope-options">
          {SEARCH_SCOPES.map((scope) => (
            <Radio key={scope} value={scope} className="scope-option">
              {SCOPE_LABELS[scope]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <div className="focus-toggles">
        <Switch
          className="focus-switch"
          isSelected={panel.businessNames}
          isDisabled={existing || !applies}
          onChange={(businessNames) => onChange({ ...panel, businessNames })}
          aria-describedby={hintId}
        >
          <span className="focus-switch-track" aria-hidden="true" />
          Business names
        </Switch>
        <Switch
          className="focus-switch"
          isSelected={panel.soleTraders}
          isDisabled={existing || !applies}
          onChange={(soleTraders) => onChange({ ...panel, soleTraders })}
          aria-describedby={hintId}
        >
          <span className="focus-switch-track" aria-hidden="true" />
          Sole traders
        </Switch>
        <p className="focus-toggles-hint" id={hintId}>
          {hint}
        </p>
        <Switch className="focus-switch" isSelected={panel.hideInactive} onChange={(hideInactive) => onChange({ ...panel, hideInactive })}>
          <span className="focus-switch-track" aria-hidden="true" />
          Hide inactive
        </Switch>
      </div>
    </div>
  );
}
