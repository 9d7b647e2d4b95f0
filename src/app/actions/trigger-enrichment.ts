/**
 * `triggerEnrichmentAction` (spec: Organisation profile, "triggerEnrichmentAction | existing organisation |
 * enrichment re-run; always agentic (no website passed)"; requires an account): the active account, then the
 * organisation id, then the use case (server/enrichment/trigger-enrichment.ts: it joins a pending enrichment,
 * applies the account's re-enrichment limit and refuses a fresh global profile); the organisation page re-renders.
 * Free of Next.js so tests call it directly; the Next.js entry is server-actions.ts. Every failure is a value.
 */
import { runAction, type ActionResult } from './action-result';
import { withActiveAccount, type ActionDeps } from './action-deps';

export function runTriggerEnrichmentAction(input: unknown, deps: ActionDeps): Promise<ActionResult<{ organisationId: string }>> {
  return runAction(deps.container.log, () =>
    withActiveAccount(deps, input, async (accountId, organisationId) => {
      const result = await deps.container.organisations.triggerEnrichment(accountId, organisationId);
      deps.refreshPath(`/organisations/${result.organisationId}`);
      return result;
    }),
  );
}
