import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, COMPONENTS, ROUTES, type ComponentName } from './api-document';
import { operationKey } from './api-examples';

type Operation = {
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  'x-codeSamples'?: { lang: string; source: string }[];
};

function operationsOf(document: Record<string, unknown>): [string, Operation][] {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => [operationKey({ method: method as 'get', path }), operation] as [string, Operation]),
  );
}

/** The zod schema behind a documented answer: a component, `{data: component}`, or an array of a component. */
function answerCheck(schema: Record<string, unknown> | undefined): ((value: unknown) => unknown) | null {
  const component = (target: unknown) => (typeof target === 'string' ? COMPONENTS[target.replace('#/components/schemas/', '') as ComponentName] : undefined);
  const direct = component(schema?.$ref);
  if (direct) return (value) => direct.parse(value);
  const items = component((schema?.items as Record<string, unknown> | undefined)?.$ref);
  if (items) return (value) => (value as unknown[]).map((item) => items.parse(item));
  const data = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.data;
  const inner = data ? answerCheck(data) : null;
  if (inner) return (value) => inner((value as { data: unknown }).data);
  return null;
}

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every `route.ts` under src/app as `METHOD /path` (route groups dropped, `[id]` as `{id}`, catch-alls as `{path}`). */
function routeFileOperations(): string[] {
  const operations: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const urlPath = `/${path
          .relative(APP_DIR, dir)
          .split(path.sep)
          .filter((segment) => !/^\(.*\)$/.test(segment))
          .map((segment) => segment.replace(/^\[\.\.\.(.+)\]$/, '{path}').replace(/^\[(.+)\]$/, '{$1}'))
          .join('/')}`;
        // Methods a route refuses (`export const { PUT, ... } = refuseOtherMethods([...])`: 405 with Allow) are not operations.
        const source = readFileSync(full, 'utf8').replace(/export const \{[^}]*\} = refuseOtherMethods\([^)]*\);/g, '');
        for (const method of HTTP_METHODS) {
          const exported = new RegExp(`export (const|async function|function) ${method}\\b|export const \\{[^}]*\\b${method}\\b[^}]*\\}`);
          if (exported.test(source)) operations.push(`${method} ${urlPath}`);
        }
      }
    }
  };
  walk(APP_DIR);
  return operations.sort();
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = buildOpenApiDocument({ serverUrl: 'http://localhost:3000' });
    await expect(SwaggerParser.validate(structuredClone(document) as unknown as OpenAPI.Document)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents exactly the routes that exist (a route without an entry, or an entry without a route, fails)', () => {
    const documented = ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort();
    // Better Auth's catch-all answers GET and POST under one entry.
    const existing = routeFileOperations().filter((operation) => operation !== 'GET /api/auth/{path}');
    expect(documented).toEqual(existing);
  });

  it('documents the NDJSON stream item union and the one error shape from the zod schemas', () => {
    const document = buildOpenApiDocument() as { components: { schemas: Record<string, { oneOf?: { properties: { _type: { const: string } } }[] }> } };
    const itemTypes = document.components.schemas.StreamItem?.oneOf?.map((item) => item.properties._type.const);
    expect(itemTypes).toEqual(['candidate', 'internal', 'identifierPatch', 'channel-degraded', 'identifierSuggestions']);
    expect(document.components.schemas.Error).toMatchObject({ required: ['error', 'code'] });
  });

  it('names the errors every account route can answer', () => {
    for (const route of ROUTES.filter((r) => r.auth === 'account')) expect(route.errors, route.path).toContain(401);
  });

  it('names its server and a bearer security scheme', () => {
    const document = buildOpenApiDocument({ serverUrl: 'https://search.example.com' }) as {
      servers: { url: string }[];
      security: Record<string, string[]>[];
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(document.servers.map((server) => server.url)).toEqual(['https://search.example.com']);
    const bearer = Object.entries(document.components.securitySchemes).find(([, scheme]) => scheme.type === 'http' && scheme.scheme === 'bearer');
    expect(bearer).toBeDefined();
    expect(document.security.map((requirement) => Object.keys(requirement)[0])).toContain(bearer?.[0]);
  });

  it('gives every operation an example answer and a curl line to this server, and an example body when it takes one', () => {
    const operations = operationsOf(buildOpenApiDocument({ serverUrl: 'https://search.example.com' }));
    expect(operations.length).toBe(ROUTES.length);
    for (const [key, operation] of operations) {
      const route = ROUTES.find((r) => operationKey(r) === key);
      const curl = operation['x-codeSamples']?.find((sample) => sample.lang === 'Shell')?.source ?? '';
      expect(curl, key).toMatch(/^curl /);
      expect(curl, key).toContain(`'https://search.example.com${route?.path.split('{')[0] ?? ''}`);
      expect(curl.includes('Authorization: Bearer $API_KEY'), key).toBe(route?.auth === 'account');
      const success = operation.responses[String(route?.success.status)];
      expect(Object.values(success?.content ?? {})[0]?.example, key).toBeDefined();
      if (route?.body) {
        const body = Object.values(operation.requestBody?.content ?? {})[0]?.example;
        expect(body, key).toBeDefined();
        expect(curl, key).toContain(`-d '${JSON.stringify(body)}'`);
      }
    }
  });

  it('has examples that parse with the zod schemas the routes read and answer with', () => {
    const operations = new Map(operationsOf(buildOpenApiDocument()));
    let checkedAnswers = 0;
    for (const route of ROUTES) {
      const operation = operations.get(operationKey(route));
      if (typeof route.body === 'string') {
        const body = operation?.requestBody?.content['application/json']?.example;
        const parsed = COMPONENTS[route.body].safeParse(body);
        expect(parsed.success, `${operationKey(route)}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
      const check = answerCheck(route.success.schema);
      if (check) {
        const example = Object.values(operation?.responses[String(route.success.status)]?.content ?? {})[0]?.example;
        expect(() => check(example), operationKey(route)).not.toThrow();
        checkedAnswers += 1;
      }
    }
    expect(checkedAnswers).toBeGreaterThan(15);
  });
});
