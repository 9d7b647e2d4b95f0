/**
 * The registry identifiers a result row shows so that two namesakes can be told apart (spec: "Result
 * display"): ABN, ACN and Companies House numbers, in that order, each once, grouped the way the registry
 * writes them ("ABN 51 824 753 556", "ACN 824 753 556", "CH 01234567").
 */
import { formatAbn, formatAcn, normaliseIdentifierValue } from './identifiers';

const SHOWN_TYPES = ['ABN', 'ACN', 'CH'] as const;
type ShownType = (typeof SHOWN_TYPES)[number];

export interface RegistryIdentifierLabel {
  readonly type: ShownType;
  /** The value as the registry writes it. */
  readonly value: string;
}

function formatted(type: ShownType, value: string): string {
  if (type === 'ABN') return formatAbn(value);
  if (type === 'ACN') return formatAcn(value);
  return normaliseIdentifierValue(value);
}

export function registryIdentifierLabels(identifiers: readonly { type: string; value: string }[]): RegistryIdentifierLabel[] {
  const labels: RegistryIdentifierLabel[] = [];
  for (const type of SHOWN_TYPES) {
    const seen = new Set<string>();
    for (const identifier of identifiers) {
      if (identifier.type.toUpperCase() !== type) continue;
      const value = formatted(type, identifier.value);
      if (value === '' || seen.has(value)) continue;
      seen.add(value);
      labels.push({ type, value });
    }
  }
  return labels;
}
