/**
 * GET /api/health: 200 `{status: 'ok'}` once the database answers, else 503 `{status: 'unavailable'}`.
 * No account needed (load balancers and `npm start`'s readiness check call it).
 */
import { getContainer } from '../../../composition-root';
import { databaseAnswers } from '../../http/database-answers';
import { jsonResponse } from '../../http/error-response';
import { refuseOtherMethods } from '../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  try {
    if (await databaseAnswers(await getContainer())) return jsonResponse({ status: 'ok' });
  } catch {
    // no container: unavailable too
  }
  return jsonResponse({ status: 'unavailable' }, { status: 503 });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
