import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, ROUTES } from './api-document';

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
});
