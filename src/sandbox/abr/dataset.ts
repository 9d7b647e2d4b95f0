/**
 * The ABN Lookup contract fake's register: fictional Australian entities with valid ABN/ACN check digits
 * (providers/abr.md 5). Companies get an ACN from `makeAcn(seed)` and the ABN built on it (`abnFromAcn`);
 * sole traders get an ABN only. Three numbers are the protocol note's own samples (hand-checked).
 *
 * It mixes names that also exist in the demo seed (`inDemoSeed`: same name, and the same ABN/ACN taken from
 * the demo's global row, so selecting one finds the internal organisation) with many registry-only companies (selecting one creates an organisation), plus the cases
 * the rules need: sole traders (IND), business names, a trading name, a former name, trusts and
 * partnerships (outside the entity-type allowlist) and cancelled ABNs.
 */
import { demoOrganisations } from '../../adapters/db/seed/demo-organisations';
import { keyName } from '../../core/canonical-name';
import { abnFromAcn, makeAbn, makeAcn, normaliseIdentifierValue } from '../../core/identifiers';

export const ENTITY_TYPE_NAMES: Readonly<Record<string, string>> = {
  PRV: 'Australian Private Company',
  PUB: 'Australian Public Company',
  IND: 'Individual/Sole Trader',
  TRT: 'Other trust',
  PTR: 'Other Partnership',
  SMF: 'ATO Regulated Self-Managed Superannuation Fund',
  OIE: 'Other Incorporated Entity',
};

export interface FakeAbrEntity {
  abn: string;
  /** '' for individuals, trusts and partnerships. */
  acn: string;
  /** Legal name as the ABR writes it (upper case; an individual as "FAMILY, Given Names"). */
  entityName: string;
  entityTypeCode: keyof typeof ENTITY_TYPE_NAMES;
  status: 'Active' | 'Cancelled';
  statusFrom: string;
  state: string;
  postcode: string;
  /** Current registered business names. */
  businessNames: string[];
  /** Frozen trading names (NameType `Trading Name`). */
  tradingNames: string[];
  /** Former entity names (matched with IsCurrent false). */
  formerNames: string[];
  gstFrom: string | null;
  /** True when the colleague's demo seed has an organisation of the same name (AUS). */
  inDemoSeed: boolean;
}

interface Extra {
  businessNames?: string[];
  tradingNames?: string[];
  formerNames?: string[];
  status?: 'Active' | 'Cancelled';
  inDemoSeed?: boolean;
  gst?: boolean;
}

let seed = 7_000;
const nextSeed = () => (seed += 37);

function company(entityName: string, entityTypeCode: 'PRV' | 'PUB', state: string, postcode: string, extra: Extra = {}): FakeAbrEntity {
  const acn = makeAcn(nextSeed());
  return build(abnFromAcn(acn), acn, entityName, entityTypeCode, state, postcode, extra);
}

function nonCompany(entityName: string, entityTypeCode: 'IND' | 'TRT' | 'PTR' | 'SMF', state: string, postcode: string, extra: Extra = {}): FakeAbrEntity {
  return build(makeAbn(nextSeed() + 50_000_000), '', entityName, entityTypeCode, state, postcode, extra);
}

function build(
  abn: string,
  acn: string,
  entityName: string,
  entityTypeCode: FakeAbrEntity['entityTypeCode'],
  state: string,
  postcode: string,
  extra: Extra,
): FakeAbrEntity {
  const status = extra.status ?? 'Active';
  return {
    abn,
    acn,
    entityName,
    entityTypeCode,
    status,
    statusFrom: status === 'Active' ? '2018-07-01' : '2023-06-30',
    state,
    postcode,
    businessNames: extra.businessNames ?? [],
    tradingNames: extra.tradingNames ?? [],
    formerNames: extra.formerNames ?? [],
    gstFrom: extra.gst === false || status === 'Cancelled' ? null : '2018-07-01',
    inDemoSeed: extra.inDemoSeed ?? false,
  };
}

/** ABN and ACN of the demo seed's global AUS organisations, by key name (the first global row wins). */
const DEMO_SEED_AUS = new Map<string, { abn: string; acn: string }>();
for (const organisation of demoOrganisations()) {
  if (organisation.countryIsoAlpha3 !== 'AUS' || organisation.owner !== 'global') continue;
  const key = keyName(organisation.name);
  if (DEMO_SEED_AUS.has(key)) continue;
  const value = (type: string) => normaliseIdentifierValue(organisation.identifiers?.find((i) => i.type === type)?.value ?? '');
  DEMO_SEED_AUS.set(key, { abn: value('ABN'), acn: value('ACN') });
}

/** A company the demo seed also holds: its identifiers when the seed has it, else generated ones. */
function seededCompany(entityName: string, entityTypeCode: 'PRV' | 'PUB', state: string, postcode: string, extra: Extra = {}): FakeAbrEntity {
  const demo = DEMO_SEED_AUS.get(keyName(entityName));
  if (!demo || demo.abn === '') return company(entityName, entityTypeCode, state, postcode, extra);
  return build(demo.abn, demo.acn, entityName, entityTypeCode, state, postcode, { ...extra, inDemoSeed: true });
}

/** The register. Order does not matter: the fake ranks by score, then name. */
export const FAKE_ABR_ENTITIES: readonly FakeAbrEntity[] = [
  // providers/abr.md 2.2 samples (hand-checked numbers)
  build('30635412074', '635412074', 'KOOKABURRA KITCHENS PTY LTD', 'PRV', 'QLD', '4000', {
    businessNames: ['Kookaburra Kitchens', 'KK Joinery'],
  }),
  build('64482913570', '', 'BROWN, MICHAEL JAMES', 'IND', 'QLD', '4217', { businessNames: ['KOOKABURRA KITCHEN RENOVATIONS'] }),
  build('37619872347', '619872347', 'KOOKABURRA CABINETRY PTY LTD', 'PRV', 'NSW', '2170', { status: 'Cancelled' }),
  company('KOOKABURRA CAPITAL LIMITED', 'PUB', 'NSW', '2000'),
  nonCompany('THE TRUSTEE FOR THE KOOKABURRA FAMILY TRUST', 'TRT', 'QLD', '4551'),

  // also in the demo seed (src/adapters/db/seed/demo-organisations.ts)
  seededCompany('ACME WIDGETS PTY LTD', 'PRV', 'NSW', '2000', { businessNames: ['Acme Widgets'] }),
  seededCompany('SOUTHERN CROSS SOLAR PTY LTD', 'PRV', 'SA', '5067'),
  seededCompany('KOOKABURRA SOFTWARE PTY LTD', 'PRV', 'QLD', '4006'),
  seededCompany('MURRAY RIVER WINES LIMITED', 'PUB', 'SA', '5343', { businessNames: ['Riverbend Cellars'] }),
  seededCompany('YARRA VALLEY DAIRY PTY LTD', 'PRV', 'VIC', '3775'),
  seededCompany('WATTLE BAY COFFEE ROASTERS PTY LTD', 'PRV', 'NSW', '2000'),
  seededCompany('HARBOUR CITY PLUMBING PTY LTD', 'PRV', 'NSW', '2015'),
  seededCompany('RED CENTRE MINING LIMITED', 'PUB', 'NT', '0870'),

  // registry-only look-alikes of demo names
  company('WATTLE CONSULTING PTY LTD', 'PRV', 'ACT', '2600'),
  company('BARRAMUNDI SYSTEMS LIMITED', 'PUB', 'NT', '0800'),

  // "acme"
  company('ACME INDUSTRIES LIMITED', 'PUB', 'VIC', '3150'),
  company('ACME HOLDINGS PTY LTD', 'PRV', 'WA', '6000', { businessNames: ['Acme Hardware', 'Acme Hardware Online'] }),
  nonCompany('NGUYEN, THANH', 'IND', 'NSW', '2200', { businessNames: ['ACME PLUMBING'] }),
  company('ACME TRADING CO PTY LTD', 'PRV', 'SA', '5000', { tradingNames: ['ACME IMPORTS'] }),

  // "koala"
  // Registry-only: the demo selects it as a company not yet in the database. Its numbers are pinned to the ones it
  // had while the demo seed held it (the enrichment tests and the web-search fake know it by them).
  build('73434904926', '434904926', 'KOALA LOGISTICS PTY LTD', 'PRV', 'VIC', '3000', { businessNames: ['Koala Express Freight'] }),
  company('KOALA CARE AUSTRALIA LIMITED', 'PUB', 'QLD', '4101'),
  company('SUNSHINE EARLY LEARNING PTY LTD', 'PRV', 'QLD', '4556', { businessNames: ['Koala Kids Childcare'] }),
  nonCompany('KOALA PARTNERS', 'PTR', 'NSW', '2065'),

  // "harbour"
  company('HARBOUR BRIDGE ENGINEERING PTY LTD', 'PRV', 'NSW', '2060'),
  company('HARBOUR CITY FINANCIAL LIMITED', 'PUB', 'NSW', '2000'),
  company('HARBOURSIDE DENTAL PTY LTD', 'PRV', 'WA', '6160', { formerNames: ['HARBOUR SMILES PTY LTD'] }),

  // "southern cross"
  company('SOUTHERN CROSS MINING LIMITED', 'PUB', 'WA', '6430'),
  nonCompany('WILLIAMS, SARAH JANE', 'IND', 'VIC', '3550', { businessNames: ['SOUTHERN CROSS ELECTRICAL'] }),

  // "wombat"
  company('WOMBAT WORKS PTY LTD', 'PRV', 'TAS', '7000'),
  company('WOMBAT TECHNOLOGIES LIMITED', 'PUB', 'ACT', '2601'),
  nonCompany('WOMBAT SUPERANNUATION FUND', 'SMF', 'TAS', '7250', { gst: false }),

  // "eucalyptus" and "bondi"
  company('EUCALYPTUS HEALTH PTY LTD', 'PRV', 'NSW', '2010', { businessNames: ['Eucalyptus Pharmacy', 'Gum Tree Chemist'] }),
  company('BONDI SURF CO PTY LTD', 'PRV', 'NSW', '2026'),
  nonCompany('ROSSI, MARIA', 'IND', 'NSW', '2026', { businessNames: ['BONDI BEACH BAKERY'] }),

  // sole traders trading under their own name or a business name
  nonCompany('PATEL, ANIL', 'IND', 'VIC', '3121', { businessNames: ['SALTBUSH CATERING'] }),
  nonCompany('OBRIEN, LIAM', 'IND', 'QLD', '4870', { businessNames: ['TIMBERTOP BUILDERS'] }),
  nonCompany('CHEN, WEI', 'IND', 'WA', '6009', { businessNames: ['LYREBIRD AUDIO'] }),

  // cancelled
  company('OLD MILL BAKERY PTY LTD', 'PRV', 'SA', '5034', { status: 'Cancelled' }),

  // registry-only companies (absent from the internal database)
  company('BLUE GUM ANALYTICS PTY LTD', 'PRV', 'VIC', '3002'),
  company('BRIGHTWATER LOGISTICS PTY LTD', 'PRV', 'QLD', '4008'),
  company('CORAL REEF TOURS PTY LTD', 'PRV', 'QLD', '4870', { businessNames: ['Reef Explorer Cruises'] }),
  company('DARLING DOWNS AGRICULTURE PTY LTD', 'PRV', 'QLD', '4350'),
  company('GOLDFIELDS RESOURCES LIMITED', 'PUB', 'WA', '6430'),
  company('JACARANDA SOFTWARE PTY LTD', 'PRV', 'NSW', '2150', { businessNames: ['Jacaranda Cloud'] }),
  company('KAKADU CONSTRUCTIONS PTY LTD', 'PRV', 'NT', '0810'),
  company('LAMINGTON FOODS PTY LTD', 'PRV', 'QLD', '4275'),
  company('MACQUARIE STREET PARTNERS PTY LTD', 'PRV', 'NSW', '2000'),
  company('NULLARBOR FREIGHT PTY LTD', 'PRV', 'SA', '5690'),
  company('OUTBACK OUTFITTERS PTY LTD', 'PRV', 'NT', '0870'),
  company('PILBARA IRON SERVICES LIMITED', 'PUB', 'WA', '6714'),
  company('QUOKKA DIGITAL PTY LTD', 'PRV', 'WA', '6160'),
  company('REDGUM FURNITURE PTY LTD', 'PRV', 'VIC', '3550'),
  company('SANDSTONE ARCHITECTS PTY LTD', 'PRV', 'NSW', '2000'),
  company('TASMAN MARINE PTY LTD', 'PRV', 'TAS', '7250'),
  company('ULURU TRAVEL PTY LTD', 'PRV', 'NT', '0872'),
  company('WARATAH ENERGY LIMITED', 'PUB', 'NSW', '2300'),
  company('ZEBRA FINCH MEDIA PTY LTD', 'PRV', 'VIC', '3065'),
  company('GREAT BARRIER MEDICAL PTY LTD', 'PRV', 'QLD', '4810'),
  company('PLATYPUS PAYMENTS PTY LTD', 'PRV', 'NSW', '2009', { businessNames: ['PlatyPay'] }),
  company('EMU RIDGE ESTATE PTY LTD', 'PRV', 'WA', '6285'),
  company('MAGPIE ROBOTICS PTY LTD', 'PRV', 'SA', '5000'),
  company('ECHIDNA SECURITY PTY LTD', 'PRV', 'ACT', '2609'),
  company('KANGAROO ISLAND SEAFOODS PTY LTD', 'PRV', 'SA', '5223'),
  company('DINGO DATA PTY LTD', 'PRV', 'NSW', '2017'),
  company('BANKSIA LEGAL PTY LTD', 'PRV', 'VIC', '3000'),
];

/** Entity names of the dataset that the demo seed also holds (for the seed's author and for tests). */
export const FAKE_ABR_NAMES_IN_DEMO_SEED: readonly string[] = FAKE_ABR_ENTITIES.filter((e) => e.inDemoSeed).map((e) => e.entityName);
