import { describe, expect, it } from 'vitest';
import { searchName } from './canonical-name';
import { latinSkeleton } from './latin-skeleton';

describe('latinSkeleton', () => {
  it.each([
    ['kharkiv', 'kharkiv'],
    ['lockheed', 'lockheed'],
    ['shchukin', 'shukin'],
    ['shhukin', 'shukin'],
    ['kuznetsov', 'kuznetsov'],
    ['kuznetzov', 'kuznetsov'],
    ['krasnyy', 'krasny'],
    ['krasnyi', 'krasny'],
    ['krasnij', 'krasny'],
    ['krasniy', 'krasny'],
    ['dmitrii', 'dmitry'],
    ['ii', 'ii'],
    ['acme', 'acme'],
  ])('%s -> %s', (word, skeleton) => {
    expect(latinSkeleton(word)).toBe(skeleton);
  });
});

describe('names in other scripts meet their Latin transliteration in the search form, whichever scheme', () => {
  it.each([
    // Russian: BGN/PCGN, passport and other habits.
    ['Кристалл', ['Kristall']],
    ['Газпром', ['Gazprom']],
    ['Лукойл', ['Lukoil']],
    ['Красный Октябрь', ['Krasnyy Oktyabr', 'Krasny Oktyabr', 'Krasnij Oktyabr', 'Krasnyi Oktyabr']],
    ['Сибирский Химический Комбинат', ['Sibirskiy Khimicheskiy Kombinat', 'Sibirsky Khimichesky Kombinat', 'Sibirskij Khimicheskij Kombinat']],
    ['Щёкиноазот', ['Shchekinoazot', 'Shhekinoazot']],
    ['ООО ЛЕГИОН КОМПЛЕКТ', ['LLC Legion Komplekt']],
    ['ООО ПОЛИХИМ МОСКВА', ['POLIKHIM MOSKVA LLC', 'Polikhim Moskva OOO']],
    ['Акционерное Общество «Аэроприбор-Восход»', ['“Aeropribor-Voskhod”, JSC', 'AO Аэроприбор-Восход', 'Aeropribor-Voskhod JSC']],
    ['ЗАО “ТенгриКоин”', ['CJSC TengriKoin', 'ZAO TengriKoin']],
    ['Закрытое Акционерное Общество “Донобувь”', ['Closed Joint Stock Company “Donobuv”']],
    // Ukrainian, Bulgarian, Serbian, Belarusian.
    ['ПрАТ «Київстар»', ['PrJSC Kyivstar', 'Kyivstar Private Joint Stock Company']],
    ['Харківський тракторний завод', ['Kharkivskyi Traktornyi Zavod', 'Kharkivskyy Traktornyy Zavod', 'Kharkivskij Traktornij Zavod']],
    ['Българска телекомуникационна компания', ['Balgarska telekomunikatsionna kompaniya']],
    ['Нафтна индустрија Србије', ['Naftna industrija Srbije']],
    ['Беларуськалій', ['Belaruskalii', 'Belaruskaliy']],
    // Greek, Armenian, Georgian; accents both ways.
    ['Κωτσόβολος', ['Kotsovolos']],
    ['Εθνική Τράπεζα της Ελλάδος', ['Ethniki Trapeza tis Ellados']],
    ['Արարատ Բանկ', ['Ararat Bank']],
    ['საქართველოს ბანკი', ['Sakartvelos Banki']],
    ['Škoda Auto a.s.', ['Skoda Auto AS', 'ŠKODA AUTO']],
    ['Nestlé', ['Nestle', 'NESTLÉ']],
  ])('%s', (name, latin) => {
    for (const written of latin) expect(searchName(written), written).toBe(searchName(name));
  });
});
