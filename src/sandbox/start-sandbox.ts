/**
 * Sandbox mode (APP_ENV=sandbox, the default): every provider without a credential is replaced by its
 * contract fake on loopback, and the adapters are pointed at it. The real adapter code runs; only the far
 * end is local. Production mode never calls this.
 */
import type { Env } from '../config/env';
import type { Logger } from '../adapters/logging/logger';
import { startFakeAbr } from './abr/fake-abr-server';
import { startFakeOpenCorporates } from './opencorporates/fake-opencorporates-server';
import { startFakeGleif } from './gleif/fake-gleif-server';
import { startFakeCompaniesApi } from './company-data/fake-companies-api-server';
import { startFakeOpenAi } from './llm/fake-openai-server';
import { startFakeBrave } from './web-search/fake-brave-server';
import { sandboxWebsiteFetcherOptions, startFakeWebsites } from './websites/fake-websites-server';
import type { SafeFetcherOptions } from '../adapters/website-validation/safe-fetch';
import type { SandboxFaultProvider } from '../core/sandbox-faults';
import { SandboxFaultSwitch } from './fault-switch';
import { startFaultControl } from './fault-control';
import { FAKE_ABR_ENTITIES } from './abr/dataset';
import { FAKE_COMPANIES } from './opencorporates/dataset';
import { copyOfFakeLeiEntities } from './gleif/dataset';
import { followSandboxClock, sandboxClockPath, sandboxNow, type SandboxRegisters } from './sandbox-clock';
import { writeSandboxRegisters } from './sandbox-registers';
import type { FaultPlan } from './faults';
import type { Timers } from '../server/ports';

export interface Sandbox {
  /** The environment with the fakes' URLs and sandbox credentials filled in. */
  readonly env: Env;
  /** Which providers are faked. */
  readonly faked: string[];
  /** The website validator fetches the fake home pages on loopback instead of the internet. */
  readonly websiteFetcher: SafeFetcherOptions;
  /** Monitoring's clock: the real time moved by the sandbox clock's days (`sandbox advance`). */
  readonly monitorClock: () => Date;
  /** The fakes' faults now (SANDBOX_FAULTS at start), changed at run time here or over `controlUrl`. */
  readonly faults: SandboxFaultSwitch;
  /** The loopback fault control (`${controlUrl}/__sandbox/faults`, src/sandbox/fault-control.ts). */
  readonly controlUrl: string;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** How often the fakes look at the sandbox clock's file (1 s; tests look more often rather than wait). */
  readonly clockEveryMs?: number;
  /** What the switched fakes' delays wait on (real timers; a test's manual clock, advanced instead of waited on). */
  readonly timers?: Timers;
}

export async function startSandbox(env: Env, log: Logger, options: SandboxOptions = {}): Promise<Sandbox> {
  const latency = env.SANDBOX_LATENCY;
  const closers: (() => Promise<void>)[] = [];
  const faked: string[] = [];
  /** Each fake's base URL by provider, in the start-up log line (the browser tests reach the model fake's held turns by it). */
  const fakeUrls: Record<string, string> = {};
  const next: Env = { ...env };
  /** The operator's switch (SANDBOX_FAULTS at start, the fault control after): every request to that fake gets the fault. */
  const faults = new SandboxFaultSwitch(env.SANDBOX_FAULTS);
  const applySwitch = (provider: SandboxFaultProvider, plan: FaultPlan) => {
    if (options.timers) plan.timers = options.timers;
    faults.attach(provider, plan);
  };
  // Copies the sandbox clock may change (`npm run cli -- sandbox advance --days N`).
  const registers: SandboxRegisters = {
    abr: structuredClone([...FAKE_ABR_ENTITIES]),
    openCorporates: structuredClone([...FAKE_COMPANIES]),
    gleif: copyOfFakeLeiEntities(),
  };

  if (!env.ABR_GUID) {
    const fake = await startFakeAbr({ latency, entities: registers.abr });
    closers.push(() => fake.close());
    applySwitch('registry_au', fake.faults);
    fakeUrls.registry_au = fake.url;
    next.ABR_GUID = 'sandbox-guid';
    next.ABR_BASE_URL = fake.url;
    faked.push(`national registry (ABN Lookup) at ${fake.url}`);
  }
  if (!env.OPENCORPORATES_API_TOKEN) {
    const fake = await startFakeOpenCorporates({ latency, companies: registers.openCorporates });
    closers.push(() => fake.close());
    applySwitch('registry_global', fake.faults);
    fakeUrls.registry_global = fake.url;
    next.OPENCORPORATES_API_TOKEN = 'sandbox-token';
    next.OPENCORPORATES_BASE_URL = fake.url;
    faked.push(`global aggregator (OpenCorporates) at ${fake.url}`);
  }
  if (!env.GLEIF_BASE_URL) {
    const fake = await startFakeGleif({ latency, entities: registers.gleif });
    closers.push(() => fake.close());
    applySwitch('registry_lei', fake.faults);
    fakeUrls.registry_lei = fake.url;
    next.GLEIF_BASE_URL = fake.url;
    faked.push(`LEI register (GLEIF) at ${fake.url}`);
  }
  if (!env.COMPANY_DATA_API_KEY) {
    const fake = await startFakeCompaniesApi({ latency });
    closers.push(() => fake.close());
    applySwitch('company_data', fake.faults);
    fakeUrls.company_data = fake.url;
    next.COMPANY_DATA_API_KEY = 'sandbox-token';
    next.COMPANY_DATA_BASE_URL = fake.url;
    faked.push(`company data by domain (The Companies API) at ${fake.url}`);
  }
  if (!env.WEB_SEARCH_API_KEY) {
    const fake = await startFakeBrave({ latency });
    closers.push(() => fake.close());
    applySwitch('web_search', fake.faults);
    fakeUrls.web_search = fake.url;
    next.WEB_SEARCH_API_KEY = 'sandbox-key';
    next.WEB_SEARCH_BASE_URL = fake.url;
    faked.push(`web search (Brave) at ${fake.url}`);
  }
  if (!env.AGENT_PROVIDER || !env.AGENT_MODEL) {
    const fake = await startFakeOpenAi({ latency });
    closers.push(() => fake.close());
    applySwitch('agent', fake.faults);
    applySwitch('agent_phase2', fake.phase2Faults);
    next.AGENT_PROVIDER = 'openai-compatible';
    next.AGENT_BASE_URL = `${fake.url}/v1`;
    next.AGENT_MODEL = 'sandbox-agent';
    next.AGENT_API_KEY = 'sandbox-key';
    fakeUrls.agent = fake.url;
    faked.push(`search agent model (OpenAI-compatible) at ${fake.url}`);
  }
  const websites = await startFakeWebsites({});
  closers.push(() => websites.close());
  faked.push(`company home pages for website validation at ${websites.url}`);

  // The registers' addresses for `monitor run` in another process (the faked ones only: a real register stays the env's).
  const registerAddresses = writeSandboxRegisters(env.DATA_DIR, {
    ...(env.ABR_GUID ? {} : { ABR_GUID: next.ABR_GUID, ABR_BASE_URL: next.ABR_BASE_URL }),
    ...(env.OPENCORPORATES_API_TOKEN ? {} : { OPENCORPORATES_API_TOKEN: next.OPENCORPORATES_API_TOKEN, OPENCORPORATES_BASE_URL: next.OPENCORPORATES_BASE_URL }),
    ...(env.GLEIF_BASE_URL ? {} : { GLEIF_BASE_URL: next.GLEIF_BASE_URL }),
  });
  closers.push(async () => registerAddresses.remove());

  const control = await startFaultControl(faults, { appEnv: env.APP_ENV });
  closers.push(() => control.close());

  const clock = followSandboxClock(
    sandboxClockPath(env.DATA_DIR),
    registers,
    (changes) => log.info({ changes }, 'sandbox clock: scripted register changes applied'),
    options.clockEveryMs,
  );
  closers.push(async () => clock.stop());

  if (env.SANDBOX_FAULTS.length > 0) {
    log.warn({ faults: env.SANDBOX_FAULTS }, 'SANDBOX_FAULTS: the named fakes are slow, failing, malformed or hanging on purpose');
  }
  if (faked.length > 0) {
    log.warn(
      { faked, fakeUrls, controlUrl: control.url },
      `SANDBOX MODE: contract fakes stand in for ${faked.length} provider(s); set APP_ENV=production and real credentials for live providers`,
    );
  }
  return {
    env: next,
    faked,
    websiteFetcher: sandboxWebsiteFetcherOptions(websites),
    monitorClock: sandboxNow(sandboxClockPath(env.DATA_DIR)),
    faults,
    controlUrl: control.url,
    async close() {
      await Promise.all(closers.map((close) => close().catch(() => undefined)));
    },
  };
}
