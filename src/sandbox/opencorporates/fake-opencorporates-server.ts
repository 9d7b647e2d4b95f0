/**
 * Contract fake of OpenCorporates API v0.4 (providers/opencorporates.md): a loopback HTTP server with the
 * same URL grammar (`/v0.4[.n]/companies/search`, `/companies/{j}/{n}`, `/jurisdictions`,
 * `/account_status`, optional `.json` suffix), envelopes (`api_version`, `results`, one-key item
 * wrappers), pagination (`page`, `per_page` default 30 max 100, `total_pages`, `total_count`) and error
 * bodies (`{"error":{"message"}}`: 401 missing or invalid token, 404 unknown company or path, 406 format).
 * Faults (src/sandbox/faults.ts) make it slow, answer a status (e.g. 403 quota), send malformed bodies,
 * reset the connection or hang.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { keyName, searchName } from '../../core/canonical-name';
import { listenOnLoopback } from '../listen-on-loopback';
import { ConnectionLog, FaultPlan, answerWithFaults } from '../faults';
import { FAKE_COMPANIES, FAKE_JURISDICTIONS, type FakeCompany } from './dataset';

export interface FakeOpenCorporatesOptions {
  port?: number;
  /** `zero` answers at once; `realistic` waits 500-1500 ms per answer, like the real search. */
  latency?: 'zero' | 'realistic';
  /** When set, only this token is accepted; otherwise any non-empty token is. */
  apiToken?: string;
  /** Replaces the built-in dataset. */
  companies?: readonly FakeCompany[];
}

export interface FakeOpenCorporates {
  /** Base URL without the version, like `OPENCORPORATES_BASE_URL` (`http://127.0.0.1:PORT`). */
  url: string;
  faults: FaultPlan;
  connections: ConnectionLog;
  close(): Promise<void>;
}

const API_VERSION = '0.4.8';

type Answer = { status?: number; contentType: string; body: string };

const json = (status: number, value: unknown): Answer => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) });
const errorAnswer = (status: number, message: string): Answer => json(status, { error: { message } });

/** The light record a search item carries: no officers, filings, agent or nested blocks. */
function searchItem(company: FakeCompany): Record<string, unknown> {
  const {
    industry_codes: _codes,
    identifiers: _ids,
    agent_name: _agent,
    agent_address: _agentAddress,
    native_company_number: _native,
    registered_address: _address,
    ...light
  } = company;
  return light;
}

function byIdRecord(company: FakeCompany, sparse: boolean): Record<string, unknown> {
  const header = {
    ...company,
    alternative_names: [],
    number_of_employees: null,
    alternate_registration_entities: [],
    previous_registration_entities: [],
    subsequent_registration_entities: [],
  };
  if (sparse) return header;
  return {
    ...header,
    trademark_registrations: [],
    corporate_groupings: [],
    data: { most_recent: [], total_count: 0, url: `${company.opencorporates_url}/data` },
    financial_summary: null,
    home_company: null,
    controlling_entity: null,
    ultimate_beneficial_owners: [],
    filings: [],
    officers: [],
  };
}

const pipeList = (value: string | null): string[] | undefined =>
  value === null || value.trim() === ''
    ? undefined
    : value
        .toLowerCase()
        .split('|')
        .map((v) => v.trim())
        .filter(Boolean);

/** Tri-state boolean parameters: `true`, `false` or absent (no filter). */
const triState = (value: string | null): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * Relevance of a company for `q`: every query word (legal forms stripped, Ltd = Limited) must be a word of
 * the name, of a previous name, or the query must equal the company number; a trailing `*` matches a word
 * prefix. Exact names score highest, then names with fewer extra words.
 */
function relevance(company: FakeCompany, q: string): number {
  const wildcard = q.trim().endsWith('*');
  const queryWords = searchName(q.replace(/\*+\s*$/, ''))
    .split(' ')
    .filter(Boolean);
  if (queryWords.length === 0) return 1;
  if (keyName(company.company_number).replace(/\s/g, '') === keyName(q).replace(/\s/g, '')) return 100;
  let best = 0;
  for (const [i, candidate] of [company.name, ...company.previous_names.map((p) => p.company_name)].entries()) {
    const words = keyName(candidate).split(' ');
    const matches = queryWords.every((word, at) => (wildcard && at === queryWords.length - 1 ? words.some((w) => w.startsWith(word)) : words.includes(word)));
    if (!matches) continue;
    const exact = searchName(candidate) === queryWords.join(' ');
    const score = (exact ? 90 : 80 - Math.min(words.length - queryWords.length, 30)) - (i > 0 ? 10 : 0);
    best = Math.max(best, score);
  }
  return best;
}

function search(companies: readonly FakeCompany[], params: URLSearchParams): Answer {
  const q = params.get('q') ?? '';
  const countries = pipeList(params.get('country_code'));
  const jurisdictions = pipeList(params.get('jurisdiction_code'));
  const inactive = triState(params.get('inactive'));
  const perPageRaw = Number(params.get('per_page') ?? '30');
  const pageRaw = Number(params.get('page') ?? '1');
  if (!Number.isInteger(perPageRaw) || perPageRaw < 1 || !Number.isInteger(pageRaw) || pageRaw < 1) {
    return errorAnswer(400, 'Invalid page or per_page parameter');
  }
  const perPage = Math.min(perPageRaw, 100);
  const hits = companies
    .filter((c) => countries === undefined || countries.includes(c.jurisdiction_code.split('_')[0] ?? ''))
    .filter((c) => jurisdictions === undefined || jurisdictions.includes(c.jurisdiction_code))
    .filter((c) => inactive === undefined || (c.inactive === true) === inactive)
    .map((c) => ({ c, score: relevance(c, q) }))
    .filter((h) => h.score > 0);
  if (params.get('order') === 'incorporation_date') hits.sort((a, b) => (b.c.incorporation_date ?? '').localeCompare(a.c.incorporation_date ?? ''));
  else hits.sort((a, b) => b.score - a.score || a.c.name.localeCompare(b.c.name));
  const pageItems = hits.slice((pageRaw - 1) * perPage, pageRaw * perPage);
  return json(200, {
    api_version: API_VERSION,
    results: {
      companies: pageItems.map((h) => ({ company: searchItem(h.c) })),
      page: pageRaw,
      per_page: perPage,
      total_pages: Math.ceil(hits.length / perPage),
      total_count: hits.length,
    },
  });
}

function route(companies: readonly FakeCompany[], requiredToken: string | undefined, req: IncomingMessage): Answer {
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const match = /^\/v0\.4(?:\.\d+)?\/(.+?)(?:\.json)?\/?$/.exec(url.pathname);
  if (req.method !== 'GET' || match === null) return errorAnswer(404, 'Not found');
  const format = url.searchParams.get('format');
  if (format !== null && format !== 'json') return errorAnswer(406, `Unsupported format: ${format}`);
  const token = url.searchParams.get('api_token') ?? '';
  if (token === '' || (requiredToken !== undefined && token !== requiredToken)) {
    return errorAnswer(401, 'Invalid Api Token. Please check the token or contact OpenCorporates.');
  }
  const parts = (match[1] ?? '').split('/').map(decodeURIComponent);
  if (parts.length === 2 && parts[0] === 'companies' && parts[1] === 'search') return search(companies, url.searchParams);
  if (parts.length === 3 && parts[0] === 'companies') {
    const company = companies.find((c) => c.jurisdiction_code === parts[1] && c.company_number === parts[2]);
    if (company === undefined) return errorAnswer(404, 'No company found with that jurisdiction_code and company_number');
    return json(200, { api_version: API_VERSION, results: { company: byIdRecord(company, url.searchParams.get('sparse') === 'true') } });
  }
  if (parts.length === 1 && parts[0] === 'jurisdictions') {
    return json(200, {
      api_version: API_VERSION,
      results: { jurisdictions: FAKE_JURISDICTIONS.map((j) => ({ jurisdiction: { code: j.code, name: j.name, country: j.country, full_name: j.full_name } })) },
    });
  }
  if (parts.length === 1 && parts[0] === 'account_status') {
    return json(200, {
      api_version: API_VERSION,
      results: {
        account_status: {
          plan: 'sandbox',
          status: 'approved',
          expiry_date: '2099-12-31',
          usage: { today: 0, this_month: 0 },
          calls_remaining: { today: 1000, this_month: 5000 },
        },
      },
    });
  }
  return errorAnswer(404, 'Not found');
}

export async function startFakeOpenCorporates(options: FakeOpenCorporatesOptions = {}): Promise<FakeOpenCorporates> {
  const companies = options.companies ?? FAKE_COMPANIES;
  const faults = new FaultPlan();
  const connections = new ConnectionLog();
  if (options.latency === 'realistic') faults.baseLatency = () => 500 + Math.floor(Math.random() * 1000);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    connections.track(req, res);
    void answerWithFaults(faults, req, res, () => route(companies, options.apiToken, req)).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failed' } }));
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
