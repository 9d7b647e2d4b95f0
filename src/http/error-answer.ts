/**
 * Error answers the HTTP server writes itself, in the JSON error shape of core/errors.ts (the table's status,
 * `Allow` on a 405): on a response, before or instead of Next.js, and as a whole HTTP/1.1 message on a raw
 * socket, for the requests Node's parser refuses (clientError) and CONNECT.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { AppError, ERROR_RESULTS, errorBodyOf, MethodNotAllowedError } from '../core/errors';

function errorHeaders(error: AppError): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(error instanceof MethodNotAllowedError ? { Allow: error.allow.join(', ') } : {}),
  };
}

export function writeErrorAnswer(response: ServerResponse, error: AppError, method: string | undefined): void {
  const body = JSON.stringify(errorBodyOf(error));
  response.writeHead(ERROR_RESULTS[error.code].status, { ...errorHeaders(error), 'Content-Length': Buffer.byteLength(body) });
  response.end(method === 'HEAD' ? undefined : body);
}

/** The whole answer for a socket the HTTP parser gave up on; the connection closes after it. */
export function rawErrorAnswer(error: AppError, extraHeaders: Record<string, string>): string {
  const status = ERROR_RESULTS[error.code].status;
  const body = JSON.stringify(errorBodyOf(error));
  const headers = { ...extraHeaders, ...errorHeaders(error), 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
