/**
 * Better Auth's HTTP endpoints (sign-in, sign-out, session) under /api/auth, served by the container's instance;
 * its refusals put in the README's error shape (inErrorShape). While the database does not answer, Better
 * Auth fails with an empty 500: that is a `503 unavailable` in the error shape instead.
 */
import { toNextJsHandler } from 'better-auth/next-js';
import { getContainer } from '../../../../composition-root';
import { UnavailableError } from '../../../../core/errors';
import { inErrorShape } from '../../../http/auth-error-shape';
import { databaseAnswers } from '../../../http/database-answers';
import { appErrorResponse } from '../../../http/error-response';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

async function handle(request: Request): Promise<Response> {
  const container = await getContainer();
  const unavailable = () => appErrorResponse(new UnavailableError('database unavailable during an auth request', 'The service is temporarily unavailable'));
  let response: Response;
  try {
    response = await container.auth.handler(request);
  } catch (error) {
    if (!(await databaseAnswers(container))) return unavailable();
    throw error;
  }
  if (response.status >= 500 && !(await databaseAnswers(container))) {
    container.log.error({ status: response.status }, 'auth request failed: the database does not answer');
    return unavailable();
  }
  return inErrorShape(response);
}

export const { GET, POST } = toNextJsHandler(handle);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET', 'POST']);
