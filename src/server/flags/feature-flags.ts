import type { FlagName } from '../../core/flags';

/** The port every use case asks "is this feature on for this account?". */
export interface FeatureFlags {
  isEnabled(flag: FlagName, accountId: string): Promise<boolean>;
  /** Every flag's value for one account (for the interface). */
  all(accountId: string): Promise<Record<FlagName, boolean>>;
}
