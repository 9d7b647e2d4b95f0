import type { Metadata } from 'next';
import Link from 'next/link';
import { getContainer } from '../../composition-root';
import { publicBaseUrl } from '../../config/origins';
import { buildOpenApiDocument, ROUTES, type RouteDoc } from '../http/openapi/api-document';
import { operationKey } from '../http/openapi/api-examples';
import styles from './api-reference.module.css';
import { InlineMarkdown } from './inline-markdown';

export const metadata: Metadata = { title: 'API reference' };
// Rendered per request like every page (never prerendered): its scripts carry the request's CSP nonce.
export const dynamic = 'force-dynamic';

interface DocumentedOperation {
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  'x-codeSamples'?: { lang: string; source: string }[];
}

/** An example as people read it: JSON indented, text as it is. */
const shown = (example: unknown) => (typeof example === 'string' ? example : JSON.stringify(example, null, 2));

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  202: 'Accepted',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Unavailable',
};

const anchorOf = (route: RouteDoc) => `${route.method}-${route.path.replace(/[^a-z0-9]+/gi, '-')}`;

function schemaName(schema: Record<string, unknown> | undefined): string | null {
  const target = schema?.$ref ?? (schema?.items as Record<string, unknown> | undefined)?.$ref;
  return typeof target === 'string' ? target.replace('#/components/schemas/', '') : null;
}

/** A readable page over the same document `GET /api/openapi.json` serves. */
export default async function ApiReferencePage() {
  const serverUrl = publicBaseUrl((await getContainer()).env);
  const document = buildOpenApiDocument({ serverUrl }) as {
    components: { schemas: Record<string, unknown> };
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  return (
    <main className={styles.page}>
      <h1>API reference</h1>
      <p>
        Every route of the service, generated from the zod schemas the routes parse with. The machine-readable document is{' '}
        <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). API clients send <code>Authorization: Bearer &lt;api key&gt;</code>; every error
        answers <code>{'{error, code, issues?}'}</code>. Server: <code>{serverUrl}</code>. The examples call it with <code>$API_KEY</code>, an API key of your
        account (<code>npm start</code> prints the demo key; <code>npm run cli -- api-keys create</code> makes one).{' '}
        <Link href="/dashboard">Back to the application</Link>.
      </p>
      <nav aria-label="Routes">
        <ul className={styles.toc}>
          {ROUTES.map((route) => (
            <li key={anchorOf(route)}>
              <a href={`#${anchorOf(route)}`}>
                <span className={styles.method}>{route.method.toUpperCase()}</span> {route.path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {ROUTES.map((route) => {
        const success = schemaName(route.success.schema);
        const body = typeof route.body === 'string' ? route.body : route.body ? 'inline' : null;
        const operation = document.paths[route.path]?.[route.method];
        const curl = operation?.['x-codeSamples']?.find((sample) => sample.lang === 'Shell')?.source;
        const requestExample = Object.values(operation?.requestBody?.content ?? {})[0]?.example;
        const answerExample = Object.values(operation?.responses[String(route.success.status)]?.content ?? {})[0]?.example;
        const id = anchorOf(route);
        return (
          <section key={anchorOf(route)} id={anchorOf(route)} className={styles.route} aria-labelledby={`${anchorOf(route)}-title`}>
            <h2 id={`${anchorOf(route)}-title`}>
              <span className={styles.method}>{route.method.toUpperCase()}</span> <code>{route.path}</code>
            </h2>
            <p>
              <InlineMarkdown text={route.summary} />
            </p>
            {route.description ? (
              <p>
                <InlineMarkdown text={route.description} />
              </p>
            ) : null}
            <dl className={styles.facts}>
              <dt>Authentication</dt>
              <dd>{route.auth === 'public' ? 'none' : 'an API key or a signed-in session'}</dd>
              {route.pathParameters?.length ? (
                <>
                  <dt>Path parameters</dt>
                  <dd>{route.pathParameters.join(', ')}</dd>
                </>
              ) : null}
              {route.query?.map((q) => (
                <div key={q.name} className={styles.pair}>
                  <dt>Query {q.name}</dt>
                  <dd>
                    <InlineMarkdown text={q.description} />
                  </dd>
                </div>
              ))}
              {body ? (
                <>
                  <dt>Request body</dt>
                  <dd>
                    {body === 'inline' ? <code>{JSON.stringify((route.body as { inline: unknown }).inline)}</code> : <a href={`#schema-${body}`}>{body}</a>}
                  </dd>
                </>
              ) : null}
              <dt>Answers</dt>
              <dd>
                <ul className={styles.statuses}>
                  <li>
                    {route.success.status} {STATUS_TEXT[route.success.status]}: <InlineMarkdown text={route.success.description} />
                    {success ? (
                      <>
                        {' '}
                        (<a href={`#schema-${success}`}>{success}</a>)
                      </>
                    ) : null}
                  </li>
                  {route.errors.map((status) => (
                    <li key={status}>
                      {status} {STATUS_TEXT[status]} (<a href="#schema-Error">Error</a>)
                    </li>
                  ))}
                </ul>
              </dd>
            </dl>
            <h3 className={styles.exampleTitle}>Example</h3>
            {curl ? (
              <pre
                className={styles.schema}
                tabIndex={0}
                aria-label={`${operationKey(route)}: example request with curl`}
                data-example="curl"
                id={`${id}-curl`}
              >
                {curl}
              </pre>
            ) : null}
            {requestExample !== undefined ? (
              <pre className={styles.schema} tabIndex={0} aria-label={`${operationKey(route)}: example request body`} data-example="request">
                {shown(requestExample)}
              </pre>
            ) : null}
            {answerExample !== undefined ? (
              <pre className={styles.schema} tabIndex={0} aria-label={`${operationKey(route)}: example answer ${route.success.status}`} data-example="response">
                {shown(answerExample)}
              </pre>
            ) : null}
          </section>
        );
      })}
      <h2>Schemas</h2>
      {Object.entries(document.components.schemas).map(([name, schema]) => (
        <section key={name} id={`schema-${name}`} className={styles.route} aria-labelledby={`schema-${name}-title`}>
          <h3 id={`schema-${name}-title`}>{name}</h3>
          <pre className={styles.schema} tabIndex={0} aria-label={`${name} JSON Schema`}>
            {JSON.stringify(schema, null, 2)}
          </pre>
        </section>
      ))}
    </main>
  );
}
