/**
 * Any /api path no route answers: `404` in the JSON error shape (Next's own answer is the HTML not-found
 * page), for every method. More specific routes always win over this catch-all.
 */
import { NotFoundError } from '../../../core/errors';
import { toErrorResponse } from '../../http/error-response';

export const dynamic = 'force-dynamic';

async function notFound(request: Request): Promise<Response> {
  return toErrorResponse(new NotFoundError(`no API route at ${new URL(request.url).pathname}`, 'No such API route'), console);
}

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
