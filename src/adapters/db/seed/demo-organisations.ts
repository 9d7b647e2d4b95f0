/**
 * The demo's hand-written organisations (fictional; any likeness to a real company is a coincidence).
 * `owner: 'global'` rows are visible to every account; `'demo'` rows are private to the demo account.
 * `linked` rows are in the demo account's own list (accountLinked). Some demo-owned rows share a base key
 * with a global row (same country and key name), so the quick-search rule "an owned row hides the global
 * row with the same base key" shows in the demo.
 */
import { formatAbn, formatAcn, abnFromAcn, makeAcn, makeCompaniesHouseNumber } from '../../../core/identifiers';
import type { OrganisationType } from '../../../core/candidates';
import type { NewOrganisation } from '../queries/organisations-write';

export interface DemoOrganisation extends NewOrganisation {
  owner: 'global' | 'demo';
  linked: boolean;
}

/** Seeds for the identifier generators, far from the ranges benchmarks use by default. */
let identifierSeed = 61_000_000;
function australian(): { type: string; value: string }[] {
  identifierSeed += 1;
  const acn = makeAcn(identifierSeed);
  return [
    { type: 'ABN', value: formatAbn(abnFromAcn(acn)) },
    { type: 'ACN', value: formatAcn(acn) },
  ];
}
function australianAbnOnly(): { type: string; value: string }[] {
  identifierSeed += 1;
  return [{ type: 'ABN', value: formatAbn(abnFromAcn(makeAcn(identifierSeed))) }];
}
function british(prefixed = false): { type: string; value: string }[] {
  identifierSeed += 1;
  // Seeds ending in 9 give a prefixed (Scottish, Northern Irish, LLP ...) number.
  const seed = prefixed ? identifierSeed * 10 + 9 : identifierSeed * 10 + 3;
  return [{ type: 'CH', value: makeCompaniesHouseNumber(seed % 70_000_000) }];
}

/** Consumes seeds without making rows: for a row removed from the list (the returned array is empty, for a spread). */
function skipIdentifierSeeds(count: number): DemoOrganisation[] {
  identifierSeed += count;
  return [];
}

type Row = [name: string, website: string | null, description: string, type?: OrganisationType | null];

const row = (
  country: string | null,
  [name, website, description, type]: Row,
  identifiers: { type: string; value: string }[],
  extra: Partial<DemoOrganisation> = {},
): DemoOrganisation => ({
  name,
  website,
  description,
  type: type ?? null,
  countryIsoAlpha3: country,
  identifiers,
  aliases: [],
  owner: 'global',
  linked: false,
  ...extra,
});

export function demoOrganisations(): DemoOrganisation[] {
  identifierSeed = 61_000_000;
  const aus = (r: Row, extra?: Partial<DemoOrganisation>) => row('AUS', r, australian(), extra);
  const ausSole = (r: Row, extra?: Partial<DemoOrganisation>) => row('AUS', r, australianAbnOnly(), extra);
  const nzl = (r: Row, extra?: Partial<DemoOrganisation>) => row('NZL', r, [], extra);
  const gbr = (r: Row, extra?: Partial<DemoOrganisation>, prefixed = false) => row('GBR', r, british(prefixed), extra);
  const usa = (r: Row, extra?: Partial<DemoOrganisation>) => row('USA', r, [], extra);
  const glo = (r: Row, extra?: Partial<DemoOrganisation>) => row(null, r, [], extra);
  const owned = { owner: 'demo', linked: true } as const;
  const linked = { linked: true } as const;

  return [
    // ---------------------------------------------------------------- Australia
    aus(
      [
        'Acme Widgets Pty Ltd',
        'https://www.acmewidgets.com.au',
        'Manufacturer of precision widgets, springs and fasteners for Australian industry since 1962.',
        'ProprietaryLimited',
      ],
      { aliases: ['Acme Widgets'] },
    ),
    aus(
      [
        'Acme Widgets Pty Ltd',
        'https://www.acmewidgets.com.au',
        'Our preferred fastener supplier: Sydney warehouse, 30-day terms, account manager Priya.',
        'ProprietaryLimited',
      ],
      owned,
    ),
    // Koala Logistics is registry-only: the demo selects it from the ABR fake as a company not yet in the database.
    // Its two identifier seeds stay used, so every other row keeps its numbers and none takes the ones the ABR
    // fake and the tests know Koala Logistics by (ABN 73 434 904 926).
    ...skipIdentifierSeeds(2),
    aus(
      [
        'Wattle Bay Coffee Roasters Pty Ltd',
        'https://wattlebaycoffee.com.au',
        'Specialty coffee roaster supplying cafes and offices in New South Wales.',
        'ProprietaryLimited',
      ],
      linked,
    ),
    aus(
      [
        'Southern Cross Solar Pty Ltd',
        'https://www.southerncrosssolar.com.au',
        'Commercial rooftop solar, batteries and power purchase agreements.',
        'ProprietaryLimited',
      ],
      linked,
    ),
    aus([
      'Blue Gum Timber Co Pty Ltd',
      'https://bluegumtimber.com.au',
      'Plantation hardwood sawmill and supplier of certified building timber in Tasmania.',
      'ProprietaryLimited',
    ]),
    aus([
      'Harbour City Plumbing Pty Ltd',
      'https://harbourcityplumbing.com.au',
      'Commercial plumbing, hydraulics and gas fitting across greater Sydney.',
      'ProprietaryLimited',
    ]),
    aus([
      'Outback Freight Lines Pty Ltd',
      'https://www.outbackfreight.com.au',
      'Road trains and general freight between Adelaide, Alice Springs and Darwin.',
      'ProprietaryLimited',
    ]),
    aus(
      ['Kookaburra Software Pty Ltd', 'https://kookaburrasoftware.com.au', 'Payroll and rostering software for hospitality businesses.', 'ProprietaryLimited'],
      linked,
    ),
    aus([
      'Great Barrier Marine Pty Ltd',
      'https://greatbarriermarine.com.au',
      'Reef tour vessels, marine surveys and boat maintenance in Far North Queensland.',
      'ProprietaryLimited',
    ]),
    aus([
      'Murray River Wines Limited',
      'https://www.murrayriverwines.com.au',
      'Listed wine producer with estates along the Murray in Victoria and South Australia.',
      'PublicLimited',
    ]),
    aus(['Eucalypt Health Pty Ltd', 'https://eucalypthealth.com.au', 'General practice clinics and allied health in regional Victoria.', 'ProprietaryLimited']),
    aus([
      'Sandstone Property Group Limited',
      'https://sandstoneproperty.com.au',
      'Developer and manager of office and industrial property in Brisbane.',
      'PublicLimited',
    ]),
    aus(['Red Centre Mining Limited', 'https://redcentremining.com.au', 'Copper and gold exploration in the Northern Territory.', 'PublicLimited']),
    aus([
      'Bondi Surf Apparel Pty Ltd',
      'https://bondisurfapparel.com.au',
      'Surfwear and swimwear designed in Sydney, made from recycled fabrics.',
      'ProprietaryLimited',
    ]),
    aus(
      [
        'Tasman Steel Fabrication Pty Ltd',
        'https://tasmansteel.com.au',
        'Structural steel fabrication and erection for commercial buildings.',
        'ProprietaryLimited',
      ],
      owned,
    ),
    aus([
      'Jacaranda Early Learning Pty Ltd',
      'https://jacarandaearlylearning.com.au',
      'Childcare and kindergarten centres in Brisbane and the Gold Coast.',
      'ProprietaryLimited',
    ]),
    aus([
      'Ironbark Civil Pty Ltd',
      'https://ironbarkcivil.com.au',
      'Roads, drainage and earthworks contractor for councils in regional NSW.',
      'ProprietaryLimited',
    ]),
    aus(['Pelican Point Seafoods Pty Ltd', 'https://pelicanpointseafoods.com.au', 'Wild-caught prawns and fish from the Spencer Gulf.', 'ProprietaryLimited']),
    aus(['Flinders Ranges Tourism Pty Ltd', null, 'Guided tours and eco-lodges in the Flinders Ranges.', 'ProprietaryLimited']),
    aus(
      ['Yarra Valley Dairy Pty Ltd', 'https://yarravalleydairy.com.au', 'Farmhouse cheeses and cultured butter from the Yarra Valley.', 'ProprietaryLimited'],
      linked,
    ),
    ausSole(['Smith Electrical Services', null, 'Sole trader electrician servicing homes and small businesses in Geelong.', 'SoleProprietor']),
    ausSole(['Nguyen Bakery', 'https://nguyenbakery.com.au', 'Family-run Vietnamese bakery in Cabramatta.', 'SoleProprietor'], owned),
    aus(
      [
        'Coral Coast Recycling Pty Ltd',
        'https://coralcoastrecycling.com.au',
        'Commercial waste collection and materials recovery in Western Australia.',
        'ProprietaryLimited',
      ],
      owned,
    ),
    aus([
      'Brolga Aerospace Pty Ltd',
      'https://brolgaaerospace.com.au',
      'Aircraft component maintenance and repair for regional airlines.',
      'ProprietaryLimited',
    ]),
    // ---------------------------------------------------------------- New Zealand
    nzl(
      [
        'Kiwi Dairy Cooperative Limited',
        'https://www.kiwidairy.co.nz',
        'Farmer-owned dairy cooperative processing milk from 900 farms in the Waikato.',
        'ProprietaryLimited',
      ],
      linked,
    ),
    nzl(
      [
        'Kiwi Dairy Co-operative Limited',
        'https://www.kiwidairy.co.nz',
        'Milk powder supplier for our Auckland plant; annual volume contract.',
        'ProprietaryLimited',
      ],
      owned,
    ),
    nzl(['Aotearoa Wool Traders Limited', 'https://aotearoawool.co.nz', 'Strong wool broker and exporter based in Napier.', 'ProprietaryLimited']),
    nzl([
      'Southern Alps Tourism Limited',
      'https://southernalpstourism.co.nz',
      'Scenic flights, glacier walks and lodges on the West Coast.',
      'ProprietaryLimited',
    ]),
    nzl(
      [
        'Manuka Honey Collective Limited',
        'https://manukahoneycollective.co.nz',
        'Beekeepers producing certified manuka honey in Northland.',
        'ProprietaryLimited',
      ],
      linked,
    ),
    nzl(['Waitemata Ferries Limited', 'https://waitemataferries.co.nz', 'Commuter and tourist ferries across the Waitemata Harbour.', 'ProprietaryLimited']),
    nzl(['Pohutukawa Software Limited', 'https://pohutukawasoftware.co.nz', 'Accounting integrations for farm businesses.', 'ProprietaryLimited']),
    nzl([
      'Canterbury Plains Grain Limited',
      'https://canterburyplainsgrain.co.nz',
      'Grain storage, seed cleaning and trading in Canterbury.',
      'ProprietaryLimited',
    ]),
    nzl(['Tui Brewing Collective Limited', null, 'Independent craft brewery and taproom in Wellington.', 'ProprietaryLimited'], owned),
    nzl([
      'Rimu Timber Products Limited',
      'https://rimutimber.co.nz',
      'Sawn timber and engineered wood products from sustainably managed forests.',
      'ProprietaryLimited',
    ]),
    // ---------------------------------------------------------------- United Kingdom
    gbr(
      [
        'Thames Valley Water Services Limited',
        'https://www.thamesvalleywaterservices.co.uk',
        'Water treatment, mains maintenance and leak detection for utilities in the Thames Valley.',
        'ProprietaryLimited',
      ],
      linked,
    ),
    gbr([
      'Pennine Rail Freight Ltd',
      'https://penninerailfreight.co.uk',
      'Intermodal rail freight between the northern ports and the Midlands.',
      'ProprietaryLimited',
    ]),
    gbr([
      'Cotswold Stone Builders Limited',
      'https://cotswoldstonebuilders.co.uk',
      'Traditional stonemasonry, restoration and new-build homes in Gloucestershire.',
      'ProprietaryLimited',
    ]),
    gbr(
      [
        'Merseyside Container Logistics Limited',
        'https://merseysidecontainers.co.uk',
        'Container haulage, storage and customs clearance at the Port of Liverpool.',
        'ProprietaryLimited',
      ],
      linked,
    ),
    gbr(['Yorkshire Dales Creamery Ltd', 'https://yorkshiredalescreamery.co.uk', 'Cheese, yoghurt and cream from Dales milk.', 'ProprietaryLimited']),
    gbr(['Camden Lock Media Ltd', 'https://camdenlockmedia.co.uk', 'Video production and podcast studio in north London.', 'ProprietaryLimited']),
    gbr(['Severn Estuary Energy plc', 'https://severnestuaryenergy.co.uk', 'Tidal and offshore wind generation in the Bristol Channel.', 'PublicLimited']),
    gbr(
      ['Kentish Orchards Limited', 'https://kentishorchards.co.uk', 'Apple, pear and cherry growers and juice pressers in Kent.', 'ProprietaryLimited'],
      owned,
    ),
    gbr(
      [
        'Clyde Shipbuilding Services Ltd',
        'https://clydeshipbuildingservices.co.uk',
        'Ship repair, outfitting and marine engineering on the Clyde.',
        'ProprietaryLimited',
      ],
      {},
      true,
    ),
    gbr(
      ['Belfast Linen Works Limited', 'https://belfastlinenworks.co.uk', 'Irish linen weaving and finishing for fashion and homewares.', 'ProprietaryLimited'],
      {},
      true,
    ),
    gbr(['Highgate Analytics LLP', 'https://highgateanalytics.co.uk', 'Data science consultancy for retailers and insurers.', null], {}, true),
    gbr(['Brighton Seafront Hospitality Limited', null, 'Hotels, cafes and function rooms on the Brighton seafront.', 'ProprietaryLimited']),
    gbr(
      ['Fenland Produce Growers Limited', 'https://fenlandproduce.co.uk', 'Salad, vegetables and potatoes for UK supermarkets.', 'ProprietaryLimited'],
      linked,
    ),
    // ---------------------------------------------------------------- United States
    usa(['Acme Widgets Inc.', 'https://www.acmewidgets.com', 'Industrial widget maker headquartered in Ohio (unrelated to the Australian company).']),
    usa(['Golden Gate Analytics Inc.', 'https://goldengateanalytics.com', 'Supply-chain analytics software for manufacturers.'], linked),
    usa(['Lone Star Energy Partners LLC', 'https://lonestarenergypartners.com', 'Natural gas midstream and solar development in Texas.']),
    usa(['Hudson River Shipping Co.', 'https://hudsonrivershipping.com', 'Barge and tug services on the Hudson and in New York Harbor.']),
    usa(['Great Lakes Freight LLC', 'https://greatlakesfreight.com', 'Less-than-truckload freight across the Midwest.']),
    usa(['Rocky Mountain Outfitters Inc.', 'https://rockymountainoutfitters.com', 'Outdoor clothing and camping equipment retailer in Colorado.']),
    usa(['Bayou Seafood Company', 'https://bayouseafood.com', 'Gulf shrimp and crawfish processing in Louisiana.']),
    usa(['Silicon Prairie Software Inc.', 'https://siliconprairiesoftware.com', 'Farm management software from Nebraska.'], owned),
    usa(['Cascade Coffee Roasters LLC', 'https://cascadecoffeeroasters.com', 'Wholesale coffee roaster in Portland, Oregon.']),
    usa(['Liberty Bell Insurance Corporation', 'https://libertybellinsurance.com', 'Commercial property and casualty insurance in Pennsylvania.']),
    // ---------------------------------------------------------------- Global (countryless)
    glo(['Oceanic Shipping Alliance', 'https://oceanicshippingalliance.com', 'International alliance of container shipping lines.']),
    glo(['Planetary Carbon Registry', 'https://planetarycarbonregistry.org', 'Registry of verified carbon removal credits.'], linked),
    glo(['Terra Firma Commodities Group', 'https://terrafirmacommodities.com', 'Commodity trading house for metals and grains.']),
    glo(['Worldwide Relief Network', 'https://worldwidereliefnetwork.org', 'Humanitarian logistics for disaster response.']),
    glo(['Polaris Satellite Services', 'https://polarissatellite.com', 'Earth observation data for agriculture and insurance.'], owned),
  ];
}
