/**
 * Where the running sandbox's registers listen (issue 23, section 4): `npm start` in sandbox mode writes the contract
 * fakes' addresses of the three registers to DATA_DIR, so that `npm run cli -- monitor run` with the same DATA_DIR
 * reads the registers the running product serves, the ones `sandbox advance` changes (the CLI starts no fakes). The
 * file goes when the sandbox stops.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const registersSchema = z.object({
  ABR_GUID: z.string().optional(),
  ABR_BASE_URL: z.url().optional(),
  OPENCORPORATES_API_TOKEN: z.string().optional(),
  OPENCORPORATES_BASE_URL: z.url().optional(),
  GLEIF_BASE_URL: z.url().optional(),
});
export type SandboxRegisterAddresses = z.infer<typeof registersSchema>;

export const sandboxRegistersPath = (dataDir: string): string => path.join(dataDir, 'sandbox-registers.json');

export function writeSandboxRegisters(dataDir: string, addresses: SandboxRegisterAddresses): { remove(): void } {
  const file = sandboxRegistersPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(registersSchema.parse(addresses))}\n`);
  return { remove: () => fs.rmSync(file, { force: true }) };
}

/** The running sandbox's register addresses; {} when no sandbox runs with this DATA_DIR (or the file is not one). */
export function readSandboxRegisters(dataDir: string): SandboxRegisterAddresses {
  try {
    const parsed = registersSchema.safeParse(JSON.parse(fs.readFileSync(sandboxRegistersPath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
