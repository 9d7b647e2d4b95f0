/**
 * Feature flags: a closed union with explicit defaults, evaluated per account on the server.
 * A missing or failing flag source falls back to the default, so a gated feature never turns on by accident.
 *
 * This table is the one home of each flag's default: `defaultValue` is the default of its environment
 * variable (`envVariable`, parsed in config/env.ts), whose value is every account's default at run time;
 * per-account and all-account overrides live in the database.
 */
export const FLAGS = {
  hybridSearch: { key: 'feature/hybrid-search', envVariable: 'FLAG_HYBRID_SEARCH', defaultValue: true },
  commandKSearch: { key: 'feature/command-k-search', envVariable: 'FLAG_COMMAND_K_SEARCH', defaultValue: false },
  devMode: { key: 'feature/dev-mode', envVariable: 'FLAG_DEV_MODE', defaultValue: false },
  manualNaicsClassification: { key: 'feature/manual-naics-classification', envVariable: 'FLAG_MANUAL_NAICS_CLASSIFICATION', defaultValue: false },
} as const satisfies Record<string, { key: string; envVariable: `FLAG_${string}`; defaultValue: boolean }>;

export type FlagName = keyof typeof FLAGS;
export type FlagKey = (typeof FLAGS)[FlagName]['key'];
export type FlagEnvVariable = (typeof FLAGS)[FlagName]['envVariable'];

export const FLAG_NAMES = Object.keys(FLAGS) as FlagName[];

/** Every account's default value of each flag, read from the parsed environment's `FLAG_*` variables. */
export function flagDefaultsFrom(env: Readonly<Record<FlagEnvVariable, boolean>>): Record<FlagName, boolean> {
  return {
    hybridSearch: env[FLAGS.hybridSearch.envVariable],
    commandKSearch: env[FLAGS.commandKSearch.envVariable],
    devMode: env[FLAGS.devMode.envVariable],
    manualNaicsClassification: env[FLAGS.manualNaicsClassification.envVariable],
  };
}

/** Accepts a flag's name (`manualNaicsClassification`) or its key (`feature/manual-naics-classification`). */
export function resolveFlagName(nameOrKey: string): FlagName | undefined {
  return FLAG_NAMES.find((name) => name === nameOrKey || FLAGS[name].key === nameOrKey);
}
