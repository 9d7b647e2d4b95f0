/**
 * Contract fake of ABN Lookup's JSON(P) endpoints (providers/abr.md 2) on loopback: MatchingNames.aspx,
 * AbnDetails.aspx and AcnDetails.aspx over the fictional register in ./dataset.ts, with the real service's
 * wrapping (`callback(...)`), PascalCase keys, coded statuses in name hits, and its error bodies in a 200
 * (unknown GUID, invalid number, no record). Faults come from src/sandbox/faults.ts: `faults` applies to
 * every request, `endpointFaults` to one endpoint only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AbnDetailsWire, MatchingNamesWire } from '../../adapters/registries/abr/schemas';
import { isValidAbn, isValidAcn, normaliseIdentifierValue } from '../../core/identifiers';
import { seededRandom } from '../../core/seeded-random';
import { listenOnLoopback } from '../listen-on-loopback';
import { answerWithFaults, ConnectionLog, FaultPlan, type Fault } from '../faults';
import { ENTITY_TYPE_NAMES, FAKE_ABR_ENTITIES, type FakeAbrEntity } from './dataset';

export const FAKE_ABR_GUID_MESSAGE_DETAILS = 'The GUID entered is not recognised as a Registered Party';
export const FAKE_ABR_GUID_MESSAGE_NAMES = 'There was a problem completing your request.';

export interface FakeAbrOptions {
  port?: number;
  /** `zero` answers at once; `realistic`: name search 300-800 ms, details 80-120 ms (seeded jitter). */
  latency?: 'zero' | 'realistic';
  /** When set, only this GUID is recognised; otherwise any non-empty GUID is. */
  validGuid?: string;
  /** The register; defaults to FAKE_ABR_ENTITIES. */
  entities?: readonly FakeAbrEntity[];
  /** Seed of the latency jitter. */
  seed?: number;
}

export interface FakeAbr {
  /** Base URL to use as ABR_BASE_URL (the adapter adds `/json/...`). */
  url: string;
  /** Faults for every request. */
  faults: FaultPlan;
  /** Faults for one endpoint only (consulted when `faults` has none for the request). */
  endpointFaults: { matchingNames: FaultPlan; abnDetails: FaultPlan };
  connections: ConnectionLog;
  close(): Promise<void>;
}

/**
 * Consults the shared plan first, then the endpoint's own; latency = endpoint's + shared base latency; waits on the
 * shared plan's timers (a test's manual clock set on `faults` holds every endpoint's delays).
 */
class EndpointFaultPlan extends FaultPlan {
  constructor(
    private readonly shared: FaultPlan,
    private readonly own: FaultPlan,
    latency: () => number,
  ) {
    super();
    this.baseLatency = () => latency() + shared.baseLatency() + own.baseLatency();
    this.timers = { now: () => shared.timers.now(), after: (ms, fn, options) => shared.timers.after(ms, fn, options) };
  }

  override next(): Fault | undefined {
    return this.shared.next() ?? this.own.next();
  }
}

/** Words that do not make names differ (legal forms, articles), as the ABR's scoring treats them. */
const NOISE_WORDS: ReadonlySet<string> = new Set(['pty', 'ltd', 'limited', 'proprietary', 'the', 'and', 'co', 'company', 'trustee', 'for']);

export function fakeAbrWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && !NOISE_WORDS.has(w));
}

/**
 * Score 0-100 of `name` against the query words: case-insensitive word match (a query word of 3+ letters
 * also matches as a word prefix, for less), scaled so extra or missing words lower it (Dice coefficient).
 */
export function fakeAbrScore(queryWords: string[], name: string): number {
  const nameWords = fakeAbrWords(name);
  if (queryWords.length === 0 || nameWords.length === 0) return 0;
  let matched = 0;
  for (const q of queryWords) {
    if (nameWords.includes(q)) matched += 1;
    else if (q.length >= 3 && nameWords.some((w) => w.startsWith(q))) matched += 0.7;
  }
  return Math.min(100, Math.round((200 * matched) / (queryWords.length + nameWords.length)));
}

type NameRow = NonNullable<MatchingNamesWire['Names']>[number];

function nameRows(entity: FakeAbrEntity): { name: string; nameType: string; isCurrent: boolean }[] {
  return [
    { name: entity.entityName, nameType: 'Entity Name', isCurrent: true },
    ...entity.formerNames.map((name) => ({ name, nameType: 'Entity Name', isCurrent: false })),
    ...entity.businessNames.map((name) => ({ name, nameType: 'Business Name', isCurrent: true })),
    ...entity.tradingNames.map((name) => ({ name, nameType: 'Trading Name', isCurrent: true })),
  ];
}

function matchingNames(entities: readonly FakeAbrEntity[], query: string, maxResults: number): NameRow[] {
  const queryWords = fakeAbrWords(query);
  const rows: NameRow[] = [];
  for (const entity of entities) {
    for (const row of nameRows(entity)) {
      const score = fakeAbrScore(queryWords, row.name);
      if (score === 0) continue;
      rows.push({
        Abn: entity.abn,
        AbnStatus: entity.status === 'Active' ? '0000000001' : '0000000002',
        IsCurrent: row.isCurrent,
        Name: row.name,
        NameType: row.nameType,
        Postcode: entity.postcode,
        Score: score,
        State: entity.state,
      });
    }
  }
  rows.sort((a, b) => b.Score - a.Score || a.Name.localeCompare(b.Name));
  return rows.slice(0, maxResults);
}

const EMPTY_DETAILS: AbnDetailsWire = {
  Abn: '',
  AbnStatus: '',
  AbnStatusEffectiveFrom: '',
  Acn: '',
  AddressDate: null,
  AddressPostcode: '',
  AddressState: '',
  BusinessName: [],
  EntityName: '',
  EntityTypeCode: '',
  EntityTypeName: '',
  Gst: null,
  Message: '',
};

function detailsOf(entity: FakeAbrEntity): AbnDetailsWire {
  return {
    Abn: entity.abn,
    AbnStatus: entity.status,
    AbnStatusEffectiveFrom: entity.statusFrom,
    Acn: entity.acn,
    AddressDate: '2021-03-01',
    AddressPostcode: entity.postcode,
    AddressState: entity.state,
    BusinessName: [...entity.businessNames],
    EntityName: entity.entityName,
    EntityTypeCode: entity.entityTypeCode,
    EntityTypeName: ENTITY_TYPE_NAMES[entity.entityTypeCode] ?? '',
    Gst: entity.gstFrom,
    Message: '',
  };
}

const jsonp = (callback: string, payload: unknown) => `${callback}(${JSON.stringify(payload)})`;
const CALLBACK = /^[\w$.]{1,64}$/;

export async function startFakeAbr(options: FakeAbrOptions = {}): Promise<FakeAbr> {
  const entities = options.entities ?? FAKE_ABR_ENTITIES;
  const byAbn = new Map(entities.map((e) => [e.abn, e]));
  const byAcn = new Map(entities.filter((e) => e.acn !== '').map((e) => [e.acn, e]));
  const random = seededRandom(options.seed ?? 20_261_122);
  const realistic = options.latency === 'realistic';
  const between = (min: number, max: number) => () => (realistic ? Math.round(min + random() * (max - min)) : 0);

  const faults = new FaultPlan();
  const endpointFaults = { matchingNames: new FaultPlan(), abnDetails: new FaultPlan() };
  const plans = {
    matchingNames: new EndpointFaultPlan(faults, endpointFaults.matchingNames, between(300, 800)),
    abnDetails: new EndpointFaultPlan(faults, endpointFaults.abnDetails, between(80, 120)),
    other: new EndpointFaultPlan(faults, new FaultPlan(), () => 0),
  };
  const connections = new ConnectionLog();
  const guidIsValid = (guid: string | null) => guid !== null && guid.trim() !== '' && (options.validGuid === undefined || guid === options.validGuid);

  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    connections.track(req, res);
    const url = new URL(req.url ?? '/', 'http://fake-abr.local');
    const endpoint = url.pathname.toLowerCase();
    const params = url.searchParams;
    const requested = params.get('callback') ?? '';
    const callback = CALLBACK.test(requested) ? requested : 'callback';
    const contentType = 'text/javascript; charset=utf-8';
    const guidOk = guidIsValid(params.get('guid'));
    const malformed = `${callback}({"Message":"","Names":[{"Abn":"3063541`;

    if (req.method !== 'GET' || !endpoint.startsWith('/json/')) {
      return answerWithFaults(plans.other, req, res, () => ({ status: 404, contentType: 'text/html', body: '<html><body>404 - Not Found</body></html>' }));
    }

    if (endpoint === '/json/matchingnames.aspx') {
      return answerWithFaults(
        plans.matchingNames,
        req,
        res,
        () => {
          const name = params.get('name')?.trim() ?? '';
          const max = Number.parseInt(params.get('maxResults') ?? '', 10);
          const maxResults = Number.isFinite(max) && max > 0 ? Math.min(max, 200) : 10;
          const payload: MatchingNamesWire = !guidOk
            ? { Message: FAKE_ABR_GUID_MESSAGE_NAMES, Names: [] }
            : name === ''
              ? { Message: 'No name search criteria entered', Names: [] }
              : { Message: '', Names: matchingNames(entities, name, maxResults) };
          return { contentType, body: jsonp(callback, payload) };
        },
        malformed,
      );
    }

    if (endpoint === '/json/abndetails.aspx' || endpoint === '/json/acndetails.aspx') {
      const isAbn = endpoint === '/json/abndetails.aspx';
      return answerWithFaults(
        plans.abnDetails,
        req,
        res,
        () => {
          const query = normaliseIdentifierValue(params.get(isAbn ? 'abn' : 'acn') ?? '');
          let payload: AbnDetailsWire;
          if (!guidOk) payload = { ...EMPTY_DETAILS, Message: FAKE_ABR_GUID_MESSAGE_DETAILS };
          else if (isAbn ? !isValidAbn(query) : !isValidAcn(query)) payload = { ...EMPTY_DETAILS, Message: 'Search text is not a valid ABN or ACN' };
          else {
            const entity = isAbn ? byAbn.get(query) : byAcn.get(query);
            payload = entity ? detailsOf(entity) : { ...EMPTY_DETAILS, Abn: isAbn ? query : '', Message: 'No record found' };
          }
          return { contentType, body: jsonp(callback, payload) };
        },
        `${callback}({"Abn":"3063541`,
      );
    }

    return answerWithFaults(plans.other, req, res, () => ({ status: 404, contentType: 'text/html', body: '<html><body>404 - Not Found</body></html>' }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('fake ABR: internal error');
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    faults,
    endpointFaults,
    connections,
    close: listening.close,
  };
}
