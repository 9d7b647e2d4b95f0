/**
 * The Node HTTP server's request listener in front of Next.js (src/main.ts): every response gets the security
 * headers (src/http/security-headers.ts) with a fresh script nonce that Next.js reads from the request, and
 * the request carries the client's address as the server saw it (src/http/client-address.ts) for the
 * sign-in limit. A handler that throws answers the README's JSON 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_ADDRESS_HEADER, clientAddress } from './client-address';
import { isFrameablePath, newNonce, securityHeaders } from './security-headers';

export interface RequestListenerOptions {
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  trustedProxies: readonly string[];
  imageOrigins: readonly string[];
  /** BASE_URL is https. */
  https: boolean;
  log: { error(details: object, message: string): void };
}

export function createRequestListener(options: RequestListenerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { handle, trustedProxies, imageOrigins, https, log } = options;
  return (request, response) => {
    const headers = securityHeaders({ nonce: newNonce(), imageOrigins, https, frameable: isFrameablePath(request.url) });
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    // Next.js takes the nonce for its inline scripts from the request's policy; a client's own policy header is replaced.
    request.headers['content-security-policy'] = headers['Content-Security-Policy'];
    delete request.headers['content-security-policy-report-only'];
    const address = clientAddress({ socketAddress: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'], trustedProxies });
    if (address === null) delete request.headers[CLIENT_ADDRESS_HEADER];
    else request.headers[CLIENT_ADDRESS_HEADER] = address;

    handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'request handler failed');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Something went wrong', code: 'internal' }));
    });
  };
}
