/**
 * Contract fake of The Companies API (providers/enrichment.md 2.2) on loopback: `GET /v2/companies/{domain}`
 * over the fictional records of ./dataset.ts, answering the full CompanyV2 record, with the API's
 * authentication (`Authorization: Basic {token}`, the raw token, or `?token=`) and its error bodies:
 * 401 `{status, messages: "missingApiSecret" | "invalidApiSecret"}`, 404 `{status: 404, messages:
 * "companyNotFound"}`. Query parameters (`simplified`, `sync`, `refresh`) are accepted and ignored. Faults
 * (src/sandbox/faults.ts) make it slow, answer a status (with the API's body shape), send a malformed body,
 * reset the connection or hang; `connections` logs every request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { CompaniesApiCompanyWire, CompaniesApiErrorWire } from '../../adapters/company-data/schemas';
import { countryName, toAlpha3 } from '../../core/countries';
import { listenOnLoopback } from '../listen-on-loopback';
import { ConnectionLog, FaultPlan, sleep, takeFault } from '../faults';
import { FAKE_COMPANY_RECORDS, type FakeCompanyRecord } from './dataset';

export interface FakeCompaniesApiOptions {
  port?: number;
  /** `zero` answers at once; `realistic` waits 300-900 ms per answer. */
  latency?: 'zero' | 'realistic';
  /** When set, only this token is accepted; otherwise any non-empty token is. */
  apiToken?: string;
  /** Replaces the built-in dataset. */
  records?: readonly FakeCompanyRecord[];
}

export interface FakeCompaniesApi {
  /** Base URL to use as COMPANY_DATA_BASE_URL (`http://127.0.0.1:PORT`; the client adds `/v2/...`). */
  url: string;
  faults: FaultPlan;
  /** Every request (method and URL, which never carries the header token) and the connections the client dropped. */
  connections: ConnectionLog;
  close(): Promise<void>;
}

/** The API's `messages` for a status, as its OpenAPI error bodies spell them (429 and 5xx: ours). */
const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  401: 'invalidApiSecret',
  403: 'noCreditsRemaining',
  404: 'companyNotFound',
  429: 'tooManyRequests',
};

const errorBody = (status: number, messages = MESSAGE_BY_STATUS[status] ?? (status >= 500 ? 'internalServerError' : 'badRequest')): string =>
  JSON.stringify({ status, messages } satisfies CompaniesApiErrorWire);

const CONTINENTS: Readonly<Record<string, { code: string; name: string }>> = {
  AU: { code: 'OC', name: 'Oceania' },
  NZ: { code: 'OC', name: 'Oceania' },
  GB: { code: 'EU', name: 'Europe' },
  US: { code: 'NA', name: 'North America' },
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The full CompanyV2 payload of one record, as the real API writes it (absent parts left out). */
export function companyV2Payload(record: FakeCompanyRecord): CompaniesApiCompanyWire {
  const id = `c_${createHash('sha256').update(record.domain).digest('hex').slice(0, 8)}`;
  const label = record.domain.split('.')[0] ?? record.domain;
  const hq = record.headquarters;
  const alpha3 = hq === undefined ? undefined : toAlpha3(hq.country);
  const countryCode = hq?.country.toUpperCase() ?? '';
  const website = record.website === undefined ? `https://${record.domain}` : record.website;
  const filled = [record.legalName, record.businessType, record.descriptions, hq, record.naics.length > 0, record.parent, record.subsidiaries].filter(
    Boolean,
  ).length;
  return {
    id,
    about: {
      name: record.name,
      ...(record.legalName === undefined ? {} : { nameLegal: record.legalName }),
      nameAlts: record.aliases ?? [],
      ...(record.businessType === undefined ? {} : { businessType: record.businessType }),
      ...(record.industry === undefined ? {} : { industry: record.industry, industries: [record.industry] }),
      ...(record.totalEmployees === undefined ? {} : { totalEmployees: record.totalEmployees }),
      ...(record.yearFounded === undefined ? {} : { yearFounded: record.yearFounded }),
      languages: ['en'],
    },
    codes: { naics: record.naics, sic: [] },
    companies: {
      ...(record.parent === undefined ? {} : { parent: record.parent }),
      subsidiaries: record.subsidiaries ?? [],
      acquisitions: [],
    },
    descriptions: record.descriptions ?? {},
    domain: {
      domain: record.domain,
      domainAlts: record.domainAlts ?? [],
      domainName: label,
      state: record.state ?? 'operating',
      status: record.state === 'broken' ? 0 : 200,
      tld: record.domain.slice(label.length + 1),
      ...(record.state === 'redirected' && website !== null ? { redirection: website } : {}),
    },
    finances: {
      ...(record.revenue === undefined ? {} : { revenue: record.revenue }),
      ...(record.stock === undefined ? {} : { stockExchange: record.stock.exchange, stockSymbol: record.stock.symbol }),
    },
    ...(hq === undefined
      ? {}
      : {
          locations: {
            headquarters: {
              city: { name: hq.city, code: slug(hq.city) },
              ...(hq.state === undefined ? {} : { state: hq.state }),
              country: { name: (alpha3 === undefined ? undefined : countryName(alpha3)) ?? countryCode, code: hq.country },
              ...(CONTINENTS[countryCode] === undefined ? {} : { continent: CONTINENTS[countryCode] }),
            },
          },
        }),
    meta: { score: Math.min(100, 10 + filled * 12), syncedAt: '2026-04-30T06:00:00Z', freeRequest: false, cost: 1 },
    socials: record.state === 'for-sale' ? {} : { linkedin: { url: `https://www.linkedin.com/company/${label}`, id: label } },
    urls: website === null ? {} : { website },
  };
}

type Answer = { status: number; body: string };

function route(records: ReadonlyMap<string, FakeCompanyRecord>, requiredToken: string | undefined, req: IncomingMessage): Answer {
  const url = new URL(req.url ?? '/', 'http://fake-companies-api.invalid');
  const header = req.headers.authorization ?? '';
  const token = /^Basic\s+(.+)$/i.exec(header)?.[1]?.trim() ?? url.searchParams.get('token') ?? '';
  if (token === '') return { status: 401, body: errorBody(401, 'missingApiSecret') };
  if (requiredToken !== undefined && token !== requiredToken) return { status: 401, body: errorBody(401, 'invalidApiSecret') };
  const match = /^\/v2\/companies\/([^/]+)\/?$/.exec(url.pathname);
  if (req.method !== 'GET' || match === null) return { status: 404, body: errorBody(404, 'routeNotFound') };
  let domain: string;
  try {
    domain = decodeURIComponent(match[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/^www\./, '');
  } catch {
    return { status: 400, body: errorBody(400, 'invalidDomain') };
  }
  const record = records.get(domain);
  if (record === undefined) return { status: 404, body: errorBody(404) };
  return { status: 200, body: JSON.stringify(companyV2Payload(record)) };
}

export async function startFakeCompaniesApi(options: FakeCompaniesApiOptions = {}): Promise<FakeCompaniesApi> {
  const records = new Map((options.records ?? FAKE_COMPANY_RECORDS).map((r) => [r.domain, r]));
  const faults = new FaultPlan();
  const connections = new ConnectionLog();
  if (options.latency === 'realistic') faults.baseLatency = () => 300 + Math.floor(Math.random() * 600);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const outcome = await takeFault(faults, req, res, {
      statusBody: (status) => errorBody(status),
      writeMalformed: () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end('{"id": "c_0", "about": {"name": "Trunc');
      },
    });
    if (!outcome) return;
    const answer = route(records, options.apiToken, req);
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    if (outcome.slowBody !== undefined) {
      res.flushHeaders();
      await sleep(outcome.slowBody, outcome.closed, faults.timers);
      if (outcome.closed.aborted) return;
    }
    res.end(answer.body);
  }

  const server = createServer((req, res) => {
    connections.track(req, res);
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(errorBody(500));
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    faults,
    connections,
    close: listening.close,
  };
}
