/**
 * The reconciliation routes (/api/reconcile and below) served over a real socket by @hono/node-server, as
 * Next.js would route them, for the reconciliation tests.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import * as reconcile from '../../src/app/api/reconcile/route';
import * as preview from '../../src/app/api/reconcile/preview/route';
import * as properties from '../../src/app/api/reconcile/properties/route';
import * as suggestEntity from '../../src/app/api/reconcile/suggest/entity/route';
import * as suggestProperty from '../../src/app/api/reconcile/suggest/property/route';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: Record<string, Record<string, unknown>> = {
  '/api/reconcile': reconcile,
  '/api/reconcile/preview': preview,
  '/api/reconcile/properties': properties,
  '/api/reconcile/suggest/entity': suggestEntity,
  '/api/reconcile/suggest/property': suggestProperty,
};

export interface ReconciliationServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function serveReconciliation(): Promise<ReconciliationServer> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: (request) => {
          const route = ROUTES[new URL(request.url).pathname];
          const handler = route?.[request.method] as Handler | undefined;
          if (handler === undefined) return new Response('no such route in the test server', { status: 599 });
          return handler(request, { params: Promise.resolve({}) });
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A form POST of `queries` (or `extend`), as OpenRefine sends it. */
export function postForm(baseUrl: string, fields: Record<string, string>, authorization: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authorization !== null) headers.authorization = authorization;
  return fetch(`${baseUrl}/api/reconcile`, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
}

export function get(baseUrl: string, path: string, authorization: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers: { ...headers, ...(authorization === null ? {} : { authorization }) } });
}
