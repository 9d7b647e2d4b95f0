/**
 * The product's HTTP server around Next.js (src/main.ts): the request listener (request-listener.ts) plus
 * the answers Node's HTTP parser would otherwise give on its own, put in the JSON error shape:
 *
 * - a request line and headers over MAX_HEADER_BYTES together: `431 headers_too_large` (Node: an empty 431);
 * - a method that is not a token Node knows (e.g. `FOO`): `405` with the path's `Allow` (Node: an empty 400);
 * - anything else the parser refuses (a raw space in the path, a bad header, Content-Length with
 *   Transfer-Encoding): `400 validation_failed` (Node: an empty 400);
 * - CONNECT, which Node hands to a `connect` listener or else drops: `405`.
 *
 * What still gets no JSON answer: a connection the client resets or that times out before a whole request
 * line and headers arrive (closed without an answer), and bytes that are not HTTP/1.x at all beyond the
 * request line (refused as above, 400). A `405`'s `Allow` is the route's own: the server asks itself for the
 * path's OPTIONS answer (every route and the proxy answer OPTIONS with `Allow`).
 */
import http, { type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HeadersTooLargeError, MethodNotAllowedError, ValidationError, type AppError } from '../core/errors';
import { rawErrorAnswer } from './error-answer';
import { createRequestListener, type RequestListenerOptions } from './request-listener';
import { newNonce, securityHeaders } from './security-headers';

/** The request line and all headers together (Node's default, stated here because the answer names it). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** `Allow` when the route's own cannot be learnt (an authority-form CONNECT target, a path OPTIONS cannot reach). */
const PAGE_ALLOW = ['GET', 'HEAD', 'OPTIONS'];
/** RFC 9110 `token`, the shape of a method. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export type ProductServerOptions = Omit<RequestListenerOptions, 'allowedMethods'>;

export function createProductServer(options: ProductServerOptions): http.Server {
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false });
  const allowedMethods = allowedMethodsOf(server);
  server.on('request', createRequestListener({ ...options, allowedMethods }));
  const answerOnSocket = (socket: Duplex, error: AppError) => {
    const headers = securityHeaders({ nonce: newNonce(), imageOrigins: options.imageOrigins, https: options.https });
    socket.end(rawErrorAnswer(error, headers));
    // The client may still be sending (a huge header): give it a moment to read the answer, then close.
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      answerOnSocket(socket, new HeadersTooLargeError(MAX_HEADER_BYTES));
      return;
    }
    const [method = '', target = ''] = (error.rawPacket?.toString('latin1') ?? '').split('\r\n', 1)[0]?.split(' ') ?? [];
    if (error.code === 'HPE_INVALID_METHOD' && TOKEN.test(method) && target.startsWith('/')) {
      allowedMethods(target).then(
        (allow) => answerOnSocket(socket, new MethodNotAllowedError(method, allow)),
        () => answerOnSocket(socket, new MethodNotAllowedError(method, PAGE_ALLOW)),
      );
      return;
    }
    answerOnSocket(socket, new ValidationError([{ field: 'request', rule: 'invalid_http', message: 'The request is not valid HTTP/1.1' }]));
  });
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const target = request.url ?? '';
    const allow = target.startsWith('/') ? allowedMethods(target) : Promise.resolve(PAGE_ALLOW);
    void allow.then((methods) => answerOnSocket(socket, new MethodNotAllowedError('CONNECT', methods)));
  });
  return server;
}

/** The `Allow` of the path's OPTIONS answer, asked of this server over loopback; PAGE_ALLOW when there is none. */
function allowedMethodsOf(server: http.Server): (url: string) => Promise<readonly string[]> {
  return (url) =>
    new Promise((resolve) => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) {
        resolve(PAGE_ALLOW);
        return;
      }
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      let request: http.ClientRequest;
      try {
        request = http.request(
          { host, port: address.port, method: 'OPTIONS', path: url, headers: { host: `localhost:${address.port}` }, timeout: 5_000 },
          (answer) => {
            answer.resume();
            const allow = answer.headers.allow
              ?.split(',')
              .map((method) => method.trim())
              .filter((method) => TOKEN.test(method));
            resolve(allow && allow.length > 0 ? allow : PAGE_ALLOW);
          },
        );
      } catch {
        resolve(PAGE_ALLOW); // a path http.request will not send (Node's parser accepted it; the client refuses it)
        return;
      }
      request.on('error', () => resolve(PAGE_ALLOW));
      request.on('timeout', () => request.destroy());
      request.end();
    });
}
