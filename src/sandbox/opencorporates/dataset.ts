/**
 * The contract fake's register: ~80 fictional companies across gb, us_de, us_ca, nz, ca_on, de, fr, ie,
 * sg, hk and ae_du, plus two with jurisdiction codes outside ISO (`xk`, `an`) that the adapter must drop.
 * Several names recur across jurisdictions (Harbourline Logistics, Meridian Ridge Partners, Fernhollow
 * Analytics, Quillstone Software, Bluefern Robotics) so a Global search shows several countries, and
 * Quillstone Software exists twice in the USA and twice in Great Britain (one dissolved) so same-key
 * disambiguation has work to do. None of these companies is in the internal demo database unless a seed
 * puts it there. All names, numbers and addresses are invented.
 */

/** One company as the fake stores it: the full by-id record; search answers a light subset of it. */
export interface FakeCompany {
  name: string;
  company_number: string;
  jurisdiction_code: string;
  incorporation_date: string | null;
  dissolution_date: string | null;
  company_type: string | null;
  registry_url: string | null;
  branch: 'F' | 'L' | null;
  branch_status: string | null;
  inactive: boolean | null;
  current_status: string | null;
  created_at: string;
  updated_at: string;
  retrieved_at: string;
  opencorporates_url: string;
  previous_names: { company_name: string; start_date: string | null; end_date: string | null }[];
  source: { publisher: string; url: string; terms?: string; retrieved_at: string } | null;
  registered_address: { street_address: string; locality: string; region: string | null; postal_code: string | null; country: string } | null;
  registered_address_in_full: string | null;
  industry_codes: { industry_code: { code: string; description: string; code_scheme_id: string; code_scheme_name: string; uid: string } }[];
  identifiers: { identifier: { uid: string; identifier_system_code: string; identifier_system_name: string } }[];
  native_company_number: string | null;
  agent_name: string | null;
  agent_address: string | null;
}

interface Jurisdiction {
  code: string;
  name: string;
  country: string;
  full_name: string;
  publisher: string;
  registryUrl: ((number: string) => string) | null;
  locality: string;
  region: string | null;
  postal: string | null;
}

export const FAKE_JURISDICTIONS: readonly Jurisdiction[] = [
  {
    code: 'gb',
    name: 'United Kingdom',
    country: 'United Kingdom',
    full_name: 'United Kingdom',
    publisher: 'UK Companies House',
    registryUrl: (n) => `https://find-and-update.company-information.service.gov.uk/company/${n}`,
    locality: 'London',
    region: null,
    postal: 'EC1A 9ZZ',
  },
  {
    code: 'us_de',
    name: 'Delaware (US)',
    country: 'United States',
    full_name: 'Delaware (US)',
    publisher: 'Delaware Department of State: Division of Corporations',
    registryUrl: null,
    locality: 'Wilmington',
    region: 'DE',
    postal: '19801',
  },
  {
    code: 'us_ca',
    name: 'California (US)',
    country: 'United States',
    full_name: 'California (US)',
    publisher: 'California Secretary of State',
    registryUrl: null,
    locality: 'San Francisco',
    region: 'CA',
    postal: '94105',
  },
  {
    code: 'nz',
    name: 'New Zealand',
    country: 'New Zealand',
    full_name: 'New Zealand',
    publisher: 'New Zealand Companies Office',
    registryUrl: (n) => `https://app.companiesoffice.govt.nz/co/${n}`,
    locality: 'Wellington',
    region: null,
    postal: '6011',
  },
  {
    code: 'ca_on',
    name: 'Ontario (Canada)',
    country: 'Canada',
    full_name: 'Ontario (Canada)',
    publisher: 'Ontario Business Registry',
    registryUrl: null,
    locality: 'Toronto',
    region: 'ON',
    postal: 'M5V 0Z9',
  },
  {
    code: 'de',
    name: 'Germany',
    country: 'Germany',
    full_name: 'Germany',
    publisher: 'Handelsregister',
    registryUrl: null,
    locality: 'Berlin',
    region: null,
    postal: '10115',
  },
  {
    code: 'fr',
    name: 'France',
    country: 'France',
    full_name: 'France',
    publisher: 'INSEE (Sirene)',
    registryUrl: null,
    locality: 'Paris',
    region: null,
    postal: '75002',
  },
  {
    code: 'ie',
    name: 'Ireland',
    country: 'Ireland',
    full_name: 'Ireland',
    publisher: 'Companies Registration Office',
    registryUrl: null,
    locality: 'Dublin',
    region: null,
    postal: 'D02 ZZ99',
  },
  {
    code: 'sg',
    name: 'Singapore',
    country: 'Singapore',
    full_name: 'Singapore',
    publisher: 'ACRA',
    registryUrl: null,
    locality: 'Singapore',
    region: null,
    postal: '018989',
  },
  {
    code: 'hk',
    name: 'Hong Kong',
    country: 'Hong Kong',
    full_name: 'Hong Kong',
    publisher: 'Hong Kong Companies Registry',
    registryUrl: null,
    locality: 'Central',
    region: null,
    postal: null,
  },
  {
    code: 'ae_du',
    name: 'Dubai (UAE)',
    country: 'United Arab Emirates',
    full_name: 'Dubai (UAE)',
    publisher: 'Dubai Department of Economy and Tourism',
    registryUrl: null,
    locality: 'Dubai',
    region: null,
    postal: null,
  },
  // Not ISO countries: a retired code and a user-assigned one. The adapter must drop these companies.
  {
    code: 'an',
    name: 'Netherlands Antilles',
    country: 'Netherlands Antilles',
    full_name: 'Netherlands Antilles',
    publisher: 'Kamer van Koophandel Curaçao',
    registryUrl: null,
    locality: 'Willemstad',
    region: null,
    postal: null,
  },
  {
    code: 'xk',
    name: 'Kosovo',
    country: 'Kosovo',
    full_name: 'Kosovo',
    publisher: 'Kosovo Business Registration Agency',
    registryUrl: null,
    locality: 'Pristina',
    region: null,
    postal: null,
  },
];

/** [jurisdiction, number, name, company type, status, incorporated, dissolved, inactive, previous name] */
type Row = [string, string, string, string, string, string, string | null, boolean | null, string?];

const ROWS: readonly Row[] = [
  // gb: Companies House numbers keep their leading zeros and 2-letter prefixes
  ['gb', '09876543', 'FERNHOLLOW ANALYTICS LIMITED', 'Private Limited Company', 'Active', '2015-11-03', null, false, 'FERNHOLLOW DATA LIMITED'],
  ['gb', 'SC612345', 'FERNHOLLOW HOLDINGS LTD', 'Private Limited Company', 'Dissolved', '2018-09-12', '2022-03-01', true],
  ['gb', '10234567', 'HARBOURLINE LOGISTICS LIMITED', 'Private Limited Company', 'Active', '2016-04-12', null, false],
  ['gb', 'SC498765', 'HARBOURLINE LOGISTICS (SCOTLAND) LIMITED', 'Private Limited Company', 'Active', '2015-02-27', null, false],
  ['gb', 'OC412345', 'MERIDIAN RIDGE PARTNERS LLP', 'Limited Liability Partnership', 'Active', '2017-01-20', null, false],
  ['gb', '10987654', 'MERIDIAN RIDGE LIMITED', 'Private Limited Company', 'Dissolved', '2017-09-01', '2020-11-17', true],
  ['gb', '04561230', 'BRAMBLEWICK FOODS PLC', 'Public Limited Company', 'Active', '2002-07-01', null, false],
  ['gb', '11345678', 'CALDER & VANE CONSULTING LTD', 'Private Limited Company', 'Active', '2018-05-14', null, false],
  ['gb', '00445790', 'NORTHGATE TIMBER SUPPLIES LIMITED', 'Private Limited Company', 'Active', '1946-03-08', null, false],
  ['gb', '12456789', 'QUILLSTONE SOFTWARE LIMITED', 'Private Limited Company', 'Active', '2019-02-11', null, false],
  ['gb', '08123456', 'QUILLSTONE SOFTWARE LIMITED', 'Private Limited Company', 'Dissolved', '2012-06-25', '2018-01-09', true],
  ['gb', 'NI612345', 'ASHGROVE MEDICAL SUPPLIES LTD', 'Private Limited Company', 'Active', '2011-10-03', null, false],
  ['gb', '03987654', 'LUMENFIELD ENERGY PLC', 'Public Limited Company', 'Active', '2000-04-19', null, false, 'LUMENFIELD POWER GENERATION PLC'],
  ['gb', '07234567', 'TIDEWATER BREWING COMPANY LIMITED', 'Private Limited Company', 'Active', '2010-04-30', null, false, 'SALTMARSH ALES LIMITED'],
  ['gb', '05678123', 'KESTREL BRIDGE ENGINEERING LIMITED', 'Private Limited Company', 'Liquidation', '2006-01-16', null, false],
  ['gb', '09345612', 'OAKHAVEN HOUSING ASSOCIATION LIMITED', 'Private company limited by guarantee without share capital', 'Active', '2014-12-01', null, false],
  ['gb', '13579246', 'BLUEFERN ROBOTICS LTD', 'Private Limited Company', 'Active', '2021-08-09', null, false, 'BLUEFERN AUTOMATION LTD'],
  ['gb', '06543219', 'SILVERBIRCH CAPITAL LIMITED', 'Private Limited Company', 'Active', '2008-03-03', null, false, 'SILVERBIRCH INVESTMENTS LIMITED'],
  ['gb', '02345671', 'PENROSE & DAUGHTERS LIMITED', 'Private Limited Company', 'Active', '1989-02-02', null, false],
  ['gb', 'SC345678', 'GREYLAG AVIATION SERVICES LIMITED', 'Private Limited Company', 'Active', '2009-07-22', null, false],
  // us_de
  ['us_de', '5123456', 'HARBOURLINE LOGISTICS, INC.', 'Corporation', 'Active', '2012-03-15', null, false],
  ['us_de', '6234567', 'MERIDIAN RIDGE PARTNERS LLC', 'Limited Liability Company', 'Active', '2016-08-30', null, false],
  ['us_de', '7345678', 'QUILLSTONE SOFTWARE, INC.', 'Corporation', 'Active', '2019-05-02', null, false],
  ['us_de', '7456789', 'BLUEFERN ROBOTICS INC.', 'Corporation', 'Active', '2020-01-13', null, false],
  ['us_de', '4567890', 'LUMENFIELD ENERGY HOLDINGS, LLC', 'Limited Liability Company', 'Active', '2009-11-05', null, false],
  ['us_de', '6789012', 'CINDERPEAK VENTURES LLC', 'Limited Liability Company', 'Active', '2018-02-20', null, false],
  ['us_de', '7012345', 'FERNHOLLOW ANALYTICS, INC.', 'Corporation', 'Active', '2019-09-09', null, false],
  ['us_de', '5987654', 'IRONWOOD CLOUD SYSTEMS INC', 'Corporation', 'Active', '2014-06-18', null, false],
  ['us_de', '6120987', 'SABLEPOINT BIOSCIENCES, INC.', 'Corporation', 'Active', '2016-10-10', null, false],
  ['us_de', '3456012', 'COPPERLEAF MEDIA LLC', 'Limited Liability Company', 'Void', '2003-04-04', '2015-06-01', true],
  // us_ca
  ['us_ca', '201912345678', 'HARBOURLINE LOGISTICS LLC', 'Limited Liability Company - CA', 'Active', '2019-04-29', null, false],
  ['us_ca', 'C4123456', 'QUILLSTONE SOFTWARE, INC.', 'Stock Corporation - CA - General', 'Active', '2017-07-07', null, false],
  ['us_ca', 'C1234567', 'GOLDEN POPPY ORCHARDS, INC.', 'Stock Corporation - CA - General', 'Active', '1991-05-21', null, false],
  ['us_ca', 'C2345678', 'PACIFIC DRIFT SURF CO.', 'Stock Corporation - CA - General', 'Active', '1998-08-08', null, false],
  ['us_ca', 'C3456789', 'SABLEPOINT BIOSCIENCES, INC.', 'Stock Corporation - Out of State - Stock', 'Active', '2017-01-03', null, false],
  ['us_ca', '202012345678', 'REDWOOD LANTERN STUDIOS LLC', 'Limited Liability Company - CA', 'Active', '2020-02-14', null, false],
  ['us_ca', 'C0987654', 'SUNFIELD SOLAR COOPERATIVE', 'Cooperative Corporation - CA', 'Suspended', '1985-09-30', null, true],
  ['us_ca', '201811112222', 'CINDERPEAK VENTURES LLC', 'Limited Liability Company - Out of State', 'Active', '2018-11-01', null, false],
  // nz
  ['nz', '1234567', 'HARBOURLINE LOGISTICS LIMITED', 'NZ Limited Company', 'Registered', '2003-02-17', null, false],
  ['nz', '2345678', 'KOWHAI DIGITAL LIMITED', 'NZ Limited Company', 'Registered', '2009-09-01', null, false],
  ['nz', '3456789', 'TUATARA TRAILS LIMITED', 'NZ Limited Company', 'Registered', '2011-11-11', null, false],
  ['nz', '4567891', 'MERIDIAN RIDGE PARTNERS LIMITED', 'NZ Limited Company', 'Registered', '2013-03-13', null, false],
  ['nz', '5678912', 'FERNHOLLOW ANALYTICS LIMITED', 'NZ Limited Company', 'Registered', '2016-06-06', null, false],
  ['nz', '6789123', 'PAUA BAY SEAFOODS LIMITED', 'NZ Limited Company', 'Removed', '1999-01-25', '2019-05-30', true],
  ['nz', '7891234', 'SOUTHERN ALPS ADVENTURE CO LIMITED', 'NZ Limited Company', 'Registered', '2005-10-20', null, false],
  ['nz', '8912345', 'BLUEFERN ROBOTICS LIMITED', 'NZ Limited Company', 'Registered', '2022-04-04', null, false],
  // ca_on
  ['ca_on', '1000123', 'HARBOURLINE LOGISTICS INC.', 'Ontario Business Corporation', 'Active', '1996-06-01', null, false],
  ['ca_on', '2000456', 'MAPLEFORGE INDUSTRIES LTD.', 'Ontario Business Corporation', 'Active', '2008-08-18', null, false],
  ['ca_on', '1876543', 'NORTHERN LYNX OUTFITTERS INC.', 'Ontario Business Corporation', 'Active', '2012-12-12', null, false],
  ['ca_on', '2456789', 'QUILLSTONE SOFTWARE CANADA INC.', 'Ontario Business Corporation', 'Active', '2020-10-26', null, false],
  ['ca_on', '1654321', 'TRILLIUM PATH HEALTH INC.', 'Ontario Business Corporation', 'Active', '2006-05-05', null, false],
  ['ca_on', '1234987', 'LAKESHORE CIDER COMPANY LIMITED', 'Ontario Business Corporation', 'Cancelled', '2001-09-09', '2016-02-29', true],
  ['ca_on', '2789012', 'GREAT PINE CONSULTING INC.', 'Ontario Business Corporation', 'Active', '2015-01-31', null, false],
  // de: OpenCorporates numbers carry the court and register section
  ['de', 'K1101R_HRB150148', 'Fernhollow Analytics GmbH', 'Gesellschaft mit beschränkter Haftung', 'currently registered', '2017-03-01', null, false],
  ['de', 'F1103R_HRB088123', 'Bergquell Getränke GmbH', 'Gesellschaft mit beschränkter Haftung', 'currently registered', '1994-07-15', null, false],
  ['de', 'D2601R_HRB004567', 'Lindenhof Maschinenbau AG', 'Aktiengesellschaft', 'currently registered', '1978-01-02', null, false],
  ['de', 'M1201R_HRB212345', 'Sonnenweg Solartechnik GmbH', 'Gesellschaft mit beschränkter Haftung', 'currently registered', '2010-10-01', null, false],
  ['de', 'K1101R_HRB201234', 'Harbourline Logistik GmbH', 'Gesellschaft mit beschränkter Haftung', 'currently registered', '2018-04-23', null, false],
  ['de', 'P3102R_HRA012345', 'Kieselstein Software GmbH & Co. KG', 'Kommanditgesellschaft', 'removed', '2004-02-02', '2019-12-31', true],
  // fr: SIREN
  ['fr', '812345678', 'LUMENFIELD ENERGIE SAS', 'Société par actions simplifiée', 'Active', '2015-06-30', null, false],
  ['fr', '512345679', 'BOULANGERIE DU PONT NEUF SARL', 'Société à responsabilité limitée', 'Active', '2009-03-17', null, false],
  ['fr', '412345670', 'CHATEAU VERMILLON SA', 'Société anonyme', 'Active', '1997-09-22', null, false],
  ['fr', '852345671', 'MERIDIAN RIDGE PARTNERS SAS', 'Société par actions simplifiée', 'Active', '2019-07-01', null, false],
  ['fr', '798765432', 'ATELIER BLEU CIEL SARL', 'Société à responsabilité limitée', 'Radiée', '2013-11-05', '2021-04-12', true],
  ['fr', '889012345', 'QUILLSTONE LOGICIELS SAS', 'Société par actions simplifiée', 'Active', '2020-05-19', null, false],
  // ie
  ['ie', '612345', 'MERIDIAN RIDGE PARTNERS LIMITED', 'LTD - Private Company Limited by Shares', 'Normal', '2017-10-10', null, false],
  ['ie', '523456', 'SHAMROCK HOLLOW DISTILLERY LIMITED', 'LTD - Private Company Limited by Shares', 'Normal', '2013-04-01', null, false],
  ['ie', '634567', 'CLIFFSIDE RENEWABLES DAC', 'DAC - Designated Activity Company', 'Normal', '2018-08-08', null, false],
  ['ie', '645678', 'FERNHOLLOW ANALYTICS IRELAND LIMITED', 'LTD - Private Company Limited by Shares', 'Normal', '2019-01-21', null, false],
  ['ie', '456789', 'BALLYMORE TECH SERVICES LIMITED', 'Private Company Limited by Shares', 'Dissolved', '2008-02-14', '2017-07-07', true],
  // sg: UEN
  ['sg', '201912345K', 'MERIDIAN RIDGE PARTNERS PTE. LTD.', 'Private Company Limited by Shares', 'Live Company', '2019-03-04', null, false],
  ['sg', '201523456M', 'LION CITY LOGISTICS PTE. LTD.', 'Private Company Limited by Shares', 'Live Company', '2015-08-09', null, false],
  ['sg', '201734567N', 'HARBOURLINE LOGISTICS PTE. LTD.', 'Private Company Limited by Shares', 'Live Company', '2017-12-01', null, false],
  ['sg', '200845678W', 'ORCHID LANE TRADING PTE. LTD.', 'Private Company Limited by Shares', 'Struck Off', '2008-01-15', '2020-09-30', true],
  ['sg', '202156789R', 'BLUEFERN ROBOTICS PTE. LTD.', 'Private Company Limited by Shares', 'Live Company', '2021-11-23', null, false],
  // hk
  ['hk', '2345678', 'HARBOURLINE LOGISTICS (HONG KONG) LIMITED', 'Private company limited by shares', 'Live', '2016-02-02', null, false],
  ['hk', '1234567', 'JADE HARBOUR TRADING LIMITED', 'Private company limited by shares', 'Live', '2008-06-30', null, false],
  ['hk', '3456789', 'VICTORIA PEAK CAPITAL LIMITED', 'Private company limited by shares', 'Live', '2021-01-15', null, false],
  ['hk', '0987654', 'KOWLOON LANTERN FOODS LIMITED', 'Private company limited by shares', 'Dissolved', '2005-05-05', '2014-10-10', true],
  ['hk', '2987654', 'MERIDIAN RIDGE PARTNERS (HK) LIMITED', 'Private company limited by shares', 'Live', '2020-09-09', null, false],
  // ae_du (a sub-national register: the country is ARE)
  ['ae_du', '1122334', 'DESERT FALCON TRADING L.L.C.', 'Limited Liability Company', 'Active', '2014-04-14', null, false],
  // unmappable jurisdiction codes
  ['xk', '811234567', 'HARBOURLINE LOGISTICS SH.P.K.', 'Limited Liability Company', 'Active', '2018-05-05', null, false],
  ['an', '12345', 'FERNHOLLOW ANALYTICS N.V.', 'Naamloze Vennootschap', 'Active', '2001-01-01', null, null],
];

/** Some industry codes and an LEI, so the by-id record has its nested blocks filled in. */
const EXTRAS: Readonly<Record<string, Pick<FakeCompany, 'industry_codes' | 'identifiers'>>> = {
  'gb/09876543': {
    industry_codes: [
      {
        industry_code: {
          code: '62.01',
          description: 'Computer programming activities',
          code_scheme_id: 'uk_sic_2007',
          code_scheme_name: 'UK SIC Classification 2007',
          uid: 'uk_sic_2007-6201',
        },
      },
    ],
    identifiers: [{ identifier: { uid: '9845001FERNHOLLOW064', identifier_system_code: 'lei', identifier_system_name: 'Legal Entity Identifier' } }],
  },
  'gb/04561230': {
    industry_codes: [
      {
        industry_code: {
          code: '10.89',
          description: 'Manufacture of other food products n.e.c.',
          code_scheme_id: 'uk_sic_2007',
          code_scheme_name: 'UK SIC Classification 2007',
          uid: 'uk_sic_2007-1089',
        },
      },
    ],
    identifiers: [],
  },
};

function buildCompany(row: Row, index: number): FakeCompany {
  const [jurisdictionCode, number, name, type, status, incorporated, dissolved, inactive, previousName] = row;
  const jurisdiction = FAKE_JURISDICTIONS.find((j) => j.code === jurisdictionCode);
  if (jurisdiction === undefined) throw new Error(`fake dataset: unknown jurisdiction ${jurisdictionCode}`);
  const street = `${(index % 97) + 1} ${['Quarry Lane', 'Harbour Road', 'Market Street', 'Station Avenue', 'Mill Close'][index % 5]}`;
  const retrievedAt = `2026-0${(index % 9) + 1}-1${index % 10}T0${index % 10}:15:00+00:00`;
  const extras = EXTRAS[`${jurisdictionCode}/${number}`];
  return {
    name,
    company_number: number,
    jurisdiction_code: jurisdictionCode,
    incorporation_date: incorporated,
    dissolution_date: dissolved,
    company_type: type,
    registry_url: jurisdiction.registryUrl?.(number) ?? null,
    branch: type.includes('Out of State') ? 'F' : null,
    branch_status: type.includes('Out of State') ? 'branch of an out-of-jurisdiction company' : null,
    inactive,
    current_status: status,
    created_at: `${incorporated}T04:12:09+00:00`,
    updated_at: retrievedAt,
    retrieved_at: retrievedAt,
    opencorporates_url: `https://opencorporates.com/companies/${jurisdictionCode}/${encodeURIComponent(number)}`,
    previous_names: previousName ? [{ company_name: previousName, start_date: incorporated, end_date: '2017-02-20' }] : [],
    source: { publisher: jurisdiction.publisher, url: 'https://example.invalid/register', retrieved_at: retrievedAt },
    registered_address: {
      street_address: street,
      locality: jurisdiction.locality,
      region: jurisdiction.region,
      postal_code: jurisdiction.postal,
      country: jurisdiction.country,
    },
    registered_address_in_full: [street, jurisdiction.locality, jurisdiction.postal].filter(Boolean).join(', '),
    industry_codes: extras?.industry_codes ?? [],
    identifiers: extras?.identifiers ?? [],
    native_company_number: null,
    agent_name: jurisdictionCode.startsWith('us_') ? 'EXAMPLE REGISTERED AGENTS, INC.' : null,
    agent_address: jurisdictionCode.startsWith('us_') ? `1 Agent Plaza, ${jurisdiction.locality}` : null,
  };
}

export const FAKE_COMPANIES: readonly FakeCompany[] = ROWS.map(buildCompany);
