/**
 * Contract fake of the GLEIF API v1 (JSON:API, `application/vnd.api+json`): a loopback HTTP server with the same URL
 * grammar (`/api/v1/lei-records/{lei}`, `/lei-records/{lei}/direct-parent`, `/ultimate-parent`, and the list
 * `/lei-records?filter[lei]=A,B&filter[entity.legalName]=...&filter[registration.lastUpdateDate]=>=...&page[size]
 * &page[number]`, the last filter being GLEIF's "changed since" by each record's `registration.lastUpdateDate`),
 * resources (`type`, `id`, `attributes.entity`, `attributes.registration`, `relationships` whose parent links are
 * present only when a parent is reported), pagination (`meta.pagination`) and error bodies
 * (`{"errors":[{"status","title","detail"}]}`: 404 unknown LEI, no parent, unknown path; 400 a bad page, an unknown
 * filter, or a changed-since form other than `>=` a date or date-time). Faults (src/sandbox/faults.ts) make it slow,
 * answer a status (e.g. 429), send malformed bodies, reset the connection or hang. Its register is an array it reads on
 * every request, so a test (or the sandbox's clock) changes an entity in place and the next request sees it (a change
 * meant to be seen by the changed-since query moves the entity's `lastUpdateDate` too, as an LOU's update does).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { keyName } from '../../core/canonical-name';
import { listenOnLoopback } from '../listen-on-loopback';
import { ConnectionLog, FaultPlan, answerWithFaults } from '../faults';
import { copyOfFakeLeiEntities, type FakeLeiEntity } from './dataset';

export interface FakeGleifOptions {
  port?: number;
  /** `zero` answers at once; `realistic` waits 150-400 ms per answer. */
  latency?: 'zero' | 'realistic';
  /** The register (read on every request; change its entities to change the answers). Default: a copy of the built-in one. */
  entities?: FakeLeiEntity[];
}

export interface FakeGleif {
  /** Base URL with the version path, like `GLEIF_BASE_URL` (`http://127.0.0.1:PORT/api/v1`). */
  url: string;
  faults: FaultPlan;
  connections: ConnectionLog;
  /** The register the fake answers from. */
  entities: FakeLeiEntity[];
  close(): Promise<void>;
}

type Answer = { status?: number; contentType: string; body: string };

const CONTENT_TYPE = 'application/vnd.api+json';
const PUBLISH_DATE = '2026-06-01 08:00:00';

const json = (status: number, value: unknown): Answer => ({ status, contentType: CONTENT_TYPE, body: JSON.stringify(value) });
const errorAnswer = (status: number, title: string, detail?: string): Answer =>
  json(status, { errors: [{ status: String(status), title, ...(detail === undefined ? {} : { detail }) }] });

function resource(origin: string, e: FakeLeiEntity): Record<string, unknown> {
  const self = `${origin}/api/v1/lei-records/${e.lei}`;
  const parentLinks = (kind: 'direct' | 'ultimate', parent: string | null) =>
    parent === null
      ? { links: { 'reporting-exception': `${self}/${kind}-parent-reporting-exception` } }
      : { links: { 'relationship-record': `${self}/${kind}-parent-relationship`, 'lei-record': `${self}/${kind}-parent` } };
  const address = { language: e.legalNameLanguage, addressLines: ['1 Sandbox Street'], city: e.city, region: null, country: e.country, postalCode: null };
  return {
    type: 'lei-records',
    id: e.lei,
    attributes: {
      lei: e.lei,
      entity: {
        legalName: { name: e.legalName, language: e.legalNameLanguage },
        otherNames: e.otherNames,
        transliteratedOtherNames: e.transliteratedOtherNames,
        legalAddress: address,
        headquartersAddress: address,
        registeredAt: { id: e.registeredAt, other: null },
        registeredAs: e.registeredAs,
        jurisdiction: e.jurisdiction,
        category: 'GENERAL',
        legalForm: { id: null, other: null },
        associatedEntity: { lei: null, name: null },
        status: e.status,
        expiration: e.expiration,
        successorEntity: { lei: null, name: null },
        successorEntities: [],
        creationDate: null,
        subCategory: null,
        otherAddresses: [],
        eventGroups: [],
      },
      registration: {
        initialRegistrationDate: '2016-01-15T10:00:00Z',
        lastUpdateDate: e.lastUpdateDate,
        status: e.registrationStatus,
        nextRenewalDate: '2027-01-15T10:00:00Z',
        managingLou: '9845009A1E9S5F6A9S12',
        corroborationLevel: 'FULLY_CORROBORATED',
        validatedAt: { id: e.registeredAt, other: null },
        validatedAs: e.registeredAs,
        otherValidationAuthorities: [],
      },
      bic: null,
      mic: null,
      ocid: null,
      spglobal: [],
      conformityFlag: 'CONFORMING',
    },
    relationships: {
      'managing-lou': { links: { related: `${self}/managing-lou` } },
      'lei-issuer': { links: { related: `${self}/lei-issuer` } },
      'direct-parent': parentLinks('direct', e.directParent),
      'ultimate-parent': parentLinks('ultimate', e.ultimateParent),
      'direct-children': { links: { related: `${self}/direct-children` } },
    },
    links: { self },
  };
}

/** The filters the fake (like GLEIF) knows; any other `filter[...]` is a 400. */
const KNOWN_FILTERS = new Set(['filter[lei]', 'filter[entity.legalName]', 'filter[registration.lastUpdateDate]']);

/** `>=YYYY-MM-DD` or `>=YYYY-MM-DDThh:mm:ssZ` (GLEIF's "changed since"); any other form is undefined (a 400). */
function updatedSince(value: string): number | undefined {
  const match = /^>=(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2}Z)?$/.exec(value);
  if (match === null) return undefined;
  const time = Date.parse(`${match[1]}${match[2] ?? 'T00:00:00Z'}`);
  return Number.isNaN(time) ? undefined : time;
}

function list(origin: string, entities: readonly FakeLeiEntity[], params: URLSearchParams): Answer {
  const unknown = [...params.keys()].find((key) => key.startsWith('filter[') && !KNOWN_FILTERS.has(key));
  if (unknown !== undefined) return errorAnswer(400, 'Bad Request', `Unknown filter ${unknown}`);
  const lastUpdate = params.get('filter[registration.lastUpdateDate]');
  const since = lastUpdate === null ? undefined : updatedSince(lastUpdate);
  if (lastUpdate !== null && since === undefined) return errorAnswer(400, 'Bad Request', 'Invalid filter[registration.lastUpdateDate]');
  const leis = params
    .get('filter[lei]')
    ?.split(',')
    .map((l) => l.trim().toUpperCase())
    .filter(Boolean);
  const legalName = params.get('filter[entity.legalName]');
  const size = Number(params.get('page[size]') ?? '10');
  const number = Number(params.get('page[number]') ?? '1');
  if (!Number.isInteger(size) || size < 1 || size > 200 || !Number.isInteger(number) || number < 1)
    return errorAnswer(400, 'Bad Request', 'Invalid page parameter');
  const wanted = legalName === null ? undefined : keyName(legalName);
  const hits = entities
    .filter((e) => leis === undefined || leis.includes(e.lei))
    .filter((e) => wanted === undefined || keyName(e.legalName).includes(wanted))
    .filter((e) => since === undefined || Date.parse(e.lastUpdateDate) >= since);
  const page = hits.slice((number - 1) * size, number * size);
  return json(200, {
    meta: {
      goldenCopy: { publishDate: PUBLISH_DATE },
      pagination: {
        currentPage: number,
        perPage: size,
        from: page.length === 0 ? 0 : (number - 1) * size + 1,
        to: (number - 1) * size + page.length,
        total: hits.length,
        lastPage: Math.max(1, Math.ceil(hits.length / size)),
      },
    },
    data: page.map((e) => resource(origin, e)),
  });
}

function route(origin: string, entities: readonly FakeLeiEntity[], req: IncomingMessage): Answer {
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const match = /^\/api\/v1\/(.+?)\/?$/.exec(url.pathname);
  if (req.method !== 'GET' || match === null) return errorAnswer(404, 'Not Found');
  const parts = (match[1] ?? '').split('/').map(decodeURIComponent);
  if (parts[0] !== 'lei-records') return errorAnswer(404, 'Not Found');
  if (parts.length === 1) return list(origin, entities, url.searchParams);
  const found = entities.find((e) => e.lei === parts[1]?.toUpperCase());
  if (found === undefined) return errorAnswer(404, 'Not Found', 'The record identified by the given LEI does not exist.');
  const body = (e: FakeLeiEntity) => json(200, { meta: { goldenCopy: { publishDate: PUBLISH_DATE } }, data: resource(origin, e) });
  if (parts.length === 2) return body(found);
  if (parts.length === 3 && (parts[2] === 'direct-parent' || parts[2] === 'ultimate-parent')) {
    const parentLei = parts[2] === 'direct-parent' ? found.directParent : found.ultimateParent;
    const parent = parentLei === null ? undefined : entities.find((e) => e.lei === parentLei);
    return parent === undefined ? errorAnswer(404, 'Not Found', 'No parent relationship is reported for this LEI.') : body(parent);
  }
  return errorAnswer(404, 'Not Found');
}

export async function startFakeGleif(options: FakeGleifOptions = {}): Promise<FakeGleif> {
  const entities = options.entities ?? copyOfFakeLeiEntities();
  const faults = new FaultPlan();
  const connections = new ConnectionLog();
  if (options.latency === 'realistic') faults.baseLatency = () => 150 + Math.floor(Math.random() * 250);
  let origin = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    connections.track(req, res);
    void answerWithFaults(faults, req, res, () => route(origin, entities, req)).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': CONTENT_TYPE });
      res.end(JSON.stringify({ errors: [{ status: '500', title: 'Internal Server Error' }] }));
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  origin = listening.url;
  return { url: `${listening.url}/api/v1`, faults, connections, entities, close: listening.close };
}
