/**
 * Decisions remembered (issue 20, section 6).
 * GET /api/decisions: the account's decisions, the latest first → `{data: MatchDecision[]}`.
 * POST /api/decisions {query, countryIsoAlpha3, organisationId, verdict: 'same' | 'different'} → `{data: MatchDecision}`:
 * a later decision for the same (normalised query, country, organisation) replaces the earlier one; 400 invalid
 * input, 404 an organisation the account cannot see.
 */
import { decisionRequestSchema } from '../../../core/match-decision';
import { jsonResponse } from '../../http/error-response';
import { parseJsonBodyOrThrow } from '../../http/parse';
import { withAccount } from '../../http/with-account';
import { refuseOtherMethods } from '../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (_request, { container, accountId }) => jsonResponse({ data: await container.decisions.list(accountId) }));

export const POST = withAccount(async (request, { container, accountId, userId }) => {
  const body = await parseJsonBodyOrThrow(request, decisionRequestSchema);
  const decision = await container.decisions.record({
    accountId,
    decidedBy: userId,
    query: body.query,
    countryIsoAlpha3: body.countryIsoAlpha3 ?? null,
    organisationId: body.organisationId,
    verdict: body.verdict,
    source: 'api',
  });
  return jsonResponse({ data: decision });
});

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET', 'POST']);
