/**
 * The Node HTTP server's request listener in front of Next.js (src/http/product-server.ts): every response
 * gets the security headers (src/http/security-headers.ts) with a fresh script nonce that Next.js reads from
 * the request, and the request carries the client's address as the server saw it (src/http/client-address.ts)
 * for the sign-in limit. Before Next.js, in the JSON error shape:
 *
 * - a request without a Host header is a `400` (Node's own check answers an HTTP/1.1 one with an empty body;
 *   Next.js builds the request's URL from it);
 * - a request target Next.js cannot route as it is (request-target.ts): an absolute-form target becomes its
 *   path, `OPTIONS *` is the server's methods, another form or a dot segment is a `400`;
 * - a method Next.js does not route (TRACE and TRACK, which it answers with a text 500, and any other token
 *   such as PROPFIND, which an API route answers with an empty 400) is a `405` with the path's `Allow`, and
 *   so is any method but GET and HEAD on Next's own files (/_next/..., the favicon; Next: an HTML page);
 * - while the database does not answer, a page is the "temporarily unavailable" page with `503`
 *   (src/http/unavailable-page.ts); API and JSON routes answer their own `503` JSON.
 *
 * A handler that throws answers the README's JSON 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MethodNotAllowedError, NotFoundError, ValidationError } from '../core/errors';
import { CLIENT_ADDRESS_HEADER, clientAddress } from './client-address';
import { writeErrorAnswer } from './error-answer';
import { isAssetPath, isOutsideProxy, isPagePath } from './page-paths';
import { pathIssue } from '../app/http/request-shape';
import { requestTargetOf } from './request-target';
import { isFrameablePath, newNonce, securityHeaders } from './security-headers';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailablePageHtml } from './unavailable-page';

/** The methods Next.js routes (its HTTP_METHODS); a route or the proxy answers each one. */
export const ROUTED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ASSET_METHODS = ['GET', 'HEAD'];

export interface RequestListenerOptions {
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  trustedProxies: readonly string[];
  imageOrigins: readonly string[];
  /** BASE_URL is https. */
  https: boolean;
  log: { error(details: object, message: string): void };
  /** The methods the route at a path answers (its OPTIONS answer's `Allow`), for the 405 of an unrouted method. */
  allowedMethods: (url: string) => Promise<readonly string[]>;
  /** Whether the database answers; pages are not rendered while it does not. */
  databaseAvailable?: () => Promise<boolean>;
}

export function createRequestListener(options: RequestListenerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { handle, trustedProxies, imageOrigins, https, log, allowedMethods, databaseAvailable } = options;
  const fail = (response: ServerResponse) => (error: unknown) => {
    log.error({ err: error }, 'request handler failed');
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Something went wrong', code: 'internal' }));
  };
  return (request, response) => {
    const headers = securityHeaders({ nonce: newNonce(), imageOrigins, https, frameable: isFrameablePath(request.url) });
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // Next.js takes the nonce for its inline scripts from the request's policy; a client's own policy header is replaced.
    request.headers['content-security-policy'] = headers['Content-Security-Policy'];
    delete request.headers['content-security-policy-report-only'];
    const address = clientAddress({ socketAddress: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'], trustedProxies });
    if (address === null) delete request.headers[CLIENT_ADDRESS_HEADER];
    else request.headers[CLIENT_ADDRESS_HEADER] = address;

    if (!request.headers.host) {
      writeErrorAnswer(response, new ValidationError([{ field: 'host', rule: 'required', message: 'The request must name its Host' }]), request.method);
      return;
    }
    const method = request.method ?? '';
    const target = requestTargetOf(request.url ?? '/');
    if (target.kind === 'asterisk' && method === 'OPTIONS') {
      response.writeHead(204, { Allow: ROUTED_METHODS.join(', ') });
      response.end();
      return;
    }
    if (target.kind !== 'path') {
      const issue = target.kind === 'refused' ? target.issue : { field: 'path', rule: 'invalid_target', message: 'The * target is for OPTIONS only' };
      writeErrorAnswer(response, new ValidationError([issue]), method);
      return;
    }
    request.url = target.url;
    // The proxy checks this too, but Next's own files never reach the proxy.
    const badPath = isOutsideProxy(pathnameOf(target.url)) ? pathIssue(pathnameOf(target.url)) : null;
    if (badPath) {
      writeErrorAnswer(response, new ValidationError([badPath]), method);
      return;
    }
    if (isAssetPath(pathnameOf(request.url)) && method !== 'GET' && method !== 'HEAD') {
      writeErrorAnswer(response, new MethodNotAllowedError(method, ASSET_METHODS), method);
      return;
    }
    if (!ROUTED_METHODS.includes(method)) {
      allowedMethods(request.url ?? '/')
        .then((allow) => writeErrorAnswer(response, new MethodNotAllowedError(method, allow), method))
        .catch(fail(response));
      return;
    }
    // A missing file of Next's own (a stale /_next/static link) is Next's text/plain 404: answered in the JSON shape.
    if (isAssetPath(pathnameOf(request.url))) missingAssetAsJson(response, method);
    const page = (method === 'GET' || method === 'HEAD') && isPagePath(pathnameOf(request.url));
    const ready = page && databaseAvailable ? databaseAvailable() : Promise.resolve(true);
    ready
      .then((available) => {
        if (available) return handle(request, response);
        answerUnavailablePage(request, response);
        return undefined;
      })
      .catch(fail(response));
  };
}

/**
 * Replaces the answer Next gives for a missing asset (a 404 it writes as text) with `404 not_found` in the JSON shape:
 * while nothing is sent yet, a 404's writes are dropped and its end writes the JSON answer instead.
 */
function missingAssetAsJson(response: ServerResponse, method: string): void {
  const writeHead = response.writeHead.bind(response);
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  let notFound = false;
  const replacing = () => (notFound || response.statusCode === 404) && !response.headersSent;
  // A 404's head is held back (writeHead would mark the headers sent): its end answers instead.
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 404 || response.headersSent) return (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest);
    notFound = true;
    return response;
  }) as ServerResponse['writeHead'];
  response.write = ((...args: Parameters<ServerResponse['write']>) => (replacing() ? true : write(...args))) as ServerResponse['write'];
  response.end = ((...args: Parameters<ServerResponse['end']>) => {
    if (!replacing()) return end(...args);
    response.writeHead = writeHead;
    response.write = write;
    response.end = end;
    for (const name of ['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'etag', 'last-modified', 'cache-control'])
      response.removeHeader(name);
    writeErrorAnswer(response, new NotFoundError('asset not found', 'No such file'), method);
    return response;
  }) as ServerResponse['end'];
}

function pathnameOf(url: string | undefined): string {
  return (url ?? '/').split(/[?#]/, 1)[0] ?? '/';
}

function answerUnavailablePage(request: IncomingMessage, response: ServerResponse): void {
  const html = unavailablePageHtml(request.url ?? '/');
  response.writeHead(503, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
  response.end(request.method === 'HEAD' ? undefined : html);
}
