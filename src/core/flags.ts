/**
 * Feature flags: a closed union with explicit defaults, evaluated per account on the server.
 * A missing or failing flag source falls back to the default, so a gated feature never turns on by accident.
 */
export const FLAGS = {
  hybridSearch: { key: 'feature/hybrid-search', defaultValue: true },
  commandKSearch: { key: 'feature/command-k-search', defaultValue: false },
  devMode: { key: 'feature/dev-mode', defaultValue: false },
  manualNaicsClassification: { key: 'feature/manual-naics-classification', defaultValue: false },
} as const satisfies Record<string, { key: string; defaultValue: boolean }>;

export type FlagName = keyof typeof FLAGS;
export type FlagKey = (typeof FLAGS)[FlagName]['key'];

export const FLAG_NAMES = Object.keys(FLAGS) as FlagName[];

/** Accepts a flag's name (`manualNaicsClassification`) or its key (`feature/manual-naics-classification`). */
export function resolveFlagName(nameOrKey: string): FlagName | undefined {
  return FLAG_NAMES.find((name) => name === nameOrKey || FLAGS[name].key === nameOrKey);
}
