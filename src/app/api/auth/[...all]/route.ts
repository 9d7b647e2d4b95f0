/**
 * Better Auth's HTTP endpoints (sign-in, sign-out, session) under /api/auth, served by the container's instance;
 * its refusals put in the README's error shape (inErrorShape).
 */
import { toNextJsHandler } from 'better-auth/next-js';
import { getContainer } from '../../../../composition-root';
import { inErrorShape } from '../../../http/auth-error-shape';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

async function handle(request: Request): Promise<Response> {
  const { auth } = await getContainer();
  return inErrorShape(await auth.handler(request));
}

export const { GET, POST } = toNextJsHandler(handle);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET', 'POST']);
