import { z } from 'zod';

/**
 * The vocabulary of the sandbox-only operator switch `SANDBOX_FAULTS` (`registry_au:failing,agent:slow`):
 * which contract fake, and how it misbehaves. Configuration parses it (src/config/env.ts); the fakes apply it
 * (src/sandbox/fault-switch.ts), and a test changes them at run time through the sandbox's fault control
 * (src/sandbox/fault-control.ts). It lives here so configuration never imports a fake.
 */
/** `agent_phase2`: the model fake's answers to the enrichment's phase 2 only (phase 1 answers as usual), over `agent`'s. */
export const SANDBOX_FAULT_PROVIDERS = ['registry_au', 'registry_global', 'registry_lei', 'agent', 'agent_phase2', 'web_search', 'company_data'] as const;
export type SandboxFaultProvider = (typeof SANDBOX_FAULT_PROVIDERS)[number];
export const SANDBOX_FAULT_KINDS = ['slow', 'late', 'failing', 'malformed', 'hanging'] as const;
export type SandboxFaultKind = (typeof SANDBOX_FAULT_KINDS)[number];

/** One `provider:kind` pair: the environment's switch and the fault control's body are lists of these. */
export const sandboxFaultSettingSchema = z.object({ provider: z.enum(SANDBOX_FAULT_PROVIDERS), kind: z.enum(SANDBOX_FAULT_KINDS) }).strict();
export type SandboxFaultSetting = z.infer<typeof sandboxFaultSettingSchema>;
