/**
 * GET /api/health: 200 `{status: 'ok'}` once the database answers, else 503 `{status: 'unavailable'}`.
 * No account needed (load balancers and `npm start`'s readiness check call it).
 */
import { sql } from 'drizzle-orm';
import { getContainer } from '../../../composition-root';
import { jsonResponse } from '../../http/error-response';
import { refuseOtherMethods } from '../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  try {
    const container = await getContainer();
    await container.database.db.execute(sql`select 1`);
    return jsonResponse({ status: 'ok' });
  } catch {
    return jsonResponse({ status: 'unavailable' }, { status: 503 });
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
