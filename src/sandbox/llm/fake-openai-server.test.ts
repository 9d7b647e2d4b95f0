import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';

let model: FakeOpenAi;
beforeAll(async () => {
  model = await startFakeOpenAi({ latency: 'zero' });
});
afterAll(async () => {
  await model?.close();
});

/** An enrichment request of `phase` (the task's `phase: N` line, with the submit_profile tool), its HTTP status. */
async function enrichmentStatus(phase: 1 | 2): Promise<number> {
  const response = await fetch(`${model.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'sandbox-agent',
      messages: [{ role: 'user', content: `Profile this organisation.\nphase: ${phase}\nname: "KOALA LOGISTICS PTY LTD"\ncountry: AUS (Australia)` }],
      tools: [{ type: 'function', function: { name: 'submit_profile', parameters: {} } }],
    }),
  });
  await response.text();
  return response.status;
}

describe("the model fake's phase-2 faults (SANDBOX_FAULTS=agent_phase2:...)", () => {
  it("fail the enrichment's phase 2 only; phase 1 answers as usual; cleared, phase 2 answers again", async () => {
    model.phase2Faults.inject({ kind: 'status', status: 500 });
    expect(await enrichmentStatus(1)).toBe(200);
    expect(await enrichmentStatus(2)).toBe(500);
    expect(await enrichmentStatus(1)).toBe(200);
    model.phase2Faults.clear();
    expect(await enrichmentStatus(2)).toBe(200);
  });

  it("the agent's own faults still apply to phase 2 when no phase-2 fault is set", async () => {
    model.faults.inject({ kind: 'status', status: 503 }, 1);
    expect(await enrichmentStatus(2)).toBe(503);
    expect(await enrichmentStatus(2)).toBe(200);
  });
});
