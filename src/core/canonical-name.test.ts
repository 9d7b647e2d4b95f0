import { describe, it, expect } from 'vitest';
import { canonicalName, keyName, searchName, searchNameWithoutLegalFormWords, stripLegalSuffix } from './canonical-name';

describe('canonicalName: the display form', () => {
  it('trims and collapses whitespace of every kind, keeping case and punctuation', () => {
    expect(canonicalName('  Acme\u00a0 Widgets\t\nPty. Ltd.  ')).toBe('Acme Widgets Pty. Ltd.');
  });

  it('strips control and zero-width characters', () => {
    expect(canonicalName('Ac\u0000me\u200b Pty\u0007 Ltd\ufeff')).toBe('Acme Pty Ltd');
  });

  it('composes decomposed accents (NFC) so equal names look equal', () => {
    expect(canonicalName('Cafe\u0301 Nero')).toBe('Café Nero');
  });

  it('gives empty for a blank name', () => {
    expect(canonicalName(' \t ')).toBe('');
  });
});

describe('keyName: the deterministic canonicaliser of composite keys (spec: Composite key)', () => {
  it('normalises every spelling of Pty Ltd to one', () => {
    for (const name of ['ACME PTY. LTD.', 'Acme Proprietary Limited', 'Acme Pty Ltd', 'acme pty. limited', 'Acme (Pty) Ltd', 'Acme Pty.Ltd.']) {
      expect(keyName(name), name).toBe('acme pty ltd');
    }
  });

  it.each([
    ['Acme Limited', 'acme ltd'],
    ['Acme Incorporated', 'acme inc'],
    ['Acme Corporation', 'acme corp'],
    ['Acme Company', 'acme co'],
    ['Acme L.L.C.', 'acme llc'],
    ['Acme Limited Liability Company', 'acme llc'],
    ['Acme P.L.C.', 'acme plc'],
    ['Acme Public Limited Company', 'acme plc'],
    ['Acme LLP', 'acme llp'],
    ['Acme Limited Partnership', 'acme lp'],
    ['Acme Gesellschaft mit beschränkter Haftung', 'acme gmbh'],
    ['Acme Aktiengesellschaft', 'acme ag'],
    ['Acme S.A.', 'acme sa'],
    ['Acme S. A.', 'acme sa'],
    ['Acme Société Anonyme', 'acme sa'],
    ['Acme S.p.A.', 'acme spa'],
    ['Acme B.V.', 'acme bv'],
    ['Acme Sendirian Berhad', 'acme sdn bhd'],
    ['Acme Private Limited', 'acme pvt ltd'],
    ['Acme Mining No Liability', 'acme mining nl'],
  ])('%j -> %j', (name, expected) => {
    expect(keyName(name)).toBe(expected);
  });

  it('writes & as and, so "Smith & Co" and "Smith and Company" agree', () => {
    expect(keyName('J. Smith & Co.')).toBe('j smith and co');
    expect(keyName('J Smith and Company')).toBe('j smith and co');
  });

  it('removes diacritics (NFKD) and folds letters NFKD keeps', () => {
    expect(keyName('Société Générale')).toBe('societe generale');
    expect(keyName('Müller GmbH')).toBe('muller gmbh');
    expect(keyName('Straße Ørsted Æble')).toBe('strasse orsted aeble');
    expect(keyName('ＡＣＭＥ　Ｌｔｄ')).toBe('acme ltd');
  });

  it('drops apostrophes without splitting the word', () => {
    expect(keyName("O'Brien's Café Pty Ltd")).toBe('obriens cafe pty ltd');
    expect(keyName('McDonald’s Corporation')).toBe('mcdonalds corp');
  });

  it('parts two quoted words written with no space between them: a closing quote run into an opening one is no apostrophe', () => {
    // The identity set's stored name of Chernomorneftegaz (EU sanctions list): one word "crimeachernomorneftegaz" before.
    expect(searchName('State Unitary Enterprise of the ‘Republic of Crimea’‘Chernomorneftegaz’')).toBe(
      'state unitary enterprise of the republic of crimea chernomorneftegaz',
    );
    expect(keyName("Acme 'North''South' Ltd")).toBe('acme north south ltd');
    expect(keyName('‘Acme’s’ Widgets')).toBe('acmes widgets');
  });

  it('turns other punctuation into single spaces', () => {
    expect(keyName('Acme-Widgets/Holdings, (Australia)')).toBe('acme widgets holdings australia');
    expect(keyName('Booking.com B.V.')).toBe('booking com bv');
  });

  it("keeps a person's initials apart but joins dotted initials", () => {
    expect(keyName('J. R. Smith Pty Ltd')).toBe('j r smith pty ltd');
    expect(keyName('A.B.C. Pty Ltd')).toBe('abc pty ltd');
  });

  it('joins spaced initials only at the end of a name', () => {
    expect(keyName('S A Smith')).toBe('s a smith');
    expect(keyName('S A')).toBe('s a');
  });

  it('keeps non-Latin letters of other scripts than Cyrillic and Greek, and numbers of 100 or more', () => {
    expect(keyName('7-Eleven Stores Pty Ltd')).toBe('seven eleven stores pty ltd');
    expect(keyName('Acme 2000 Pty Ltd')).toBe('acme 2000 pty ltd');
    // Digits alone are an identifier, not a name: kept.
    expect(keyName('51 824 753 556')).toBe('51 824 753 556');
    expect(keyName('株式会社 ソニー')).toBe('株式会社 ソニー');
  });

  it('gives empty for names without letters or digits', () => {
    expect(keyName('')).toBe('');
    expect(keyName(' -/. ')).toBe('');
  });

  it('is idempotent', () => {
    for (const name of ['ACME PTY. LTD.', 'Müller GmbH & Co. KG', 'Acme S. A.', 'J. Smith & Co.']) {
      expect(keyName(keyName(name)), name).toBe(keyName(name));
    }
  });
});

describe('searchName: what the trigram index searches, for stored names and queries alike', () => {
  it.each([
    ['Acme Pty Ltd', 'acme'],
    ['ACME PTY. LTD.', 'acme'],
    ['Acme Widgets Proprietary Limited', 'acme widgets'],
    ['Acme Co., Ltd.', 'acme'],
    ['Acme Inc.', 'acme'],
    ['Müller GmbH & Co. KG', 'muller'],
    ['J. Smith & Co.', 'j smith'],
    ['The Acme Company Pty Ltd', 'acme'],
    ['Tesco PLC', 'tesco'],
    ['Volvo AB', 'volvo'],
    ['Grupo Bimbo S.A.B. de C.V.', 'grupo bimbo sab'],
    ['PT Bank Central Asia Tbk', 'bank central asia'],
    ['acme', 'acme'],
  ])('%j -> %j', (name, expected) => {
    expect(searchName(name)).toBe(expected);
  });

  it('gives a query and a stored name the same form', () => {
    expect(searchName('acme')).toBe(searchName('Acme Pty Ltd'));
    expect(searchName('the body shop')).toBe('body shop');
    expect(searchName('The Body Shop Limited')).toBe('body shop');
  });

  it('keeps words that are legal forms elsewhere but ordinary words at the end of a name', () => {
    expect(searchName('Acme Day Spa')).toBe('acme day spa');
    expect(searchName('Acme Holdings Pty Ltd')).toBe('acme holdings');
  });

  it('never returns empty for a name that has letters: it falls back to keyName', () => {
    expect(searchName('Limited')).toBe('ltd');
    expect(searchName('Pty Ltd')).toBe('pty ltd');
    expect(searchName('The Company')).toBe('the co');
    expect(searchName('The')).toBe('the');
  });

  it('gives empty only when keyName does', () => {
    expect(searchName('')).toBe('');
    expect(searchName('...')).toBe('');
  });
});

describe('stripLegalSuffix: the display name without its legal form (website brand affinity)', () => {
  it.each([
    ['Acme Widgets Pty. Ltd.', 'Acme Widgets'],
    ['ACME PTY LTD', 'ACME'],
    ['Acme, Inc.', 'Acme'],
    ['Acme (Pty) Ltd', 'Acme'],
    ['Müller GmbH & Co. KG', 'Müller'],
    ['Acme S. A.', 'Acme'],
    ['J. Smith & Co.', 'J. Smith'],
    ['Acme (Australia) Pty Ltd', 'Acme (Australia)'],
    ['  Acme   Limited ', 'Acme'],
    ['Acme Day Spa', 'Acme Day Spa'],
    ['Acme', 'Acme'],
  ])('%j -> %j', (name, expected) => {
    expect(stripLegalSuffix(name)).toBe(expected);
  });

  it('keeps the name when it is nothing but a legal form', () => {
    expect(stripLegalSuffix('Limited')).toBe('Limited');
    expect(stripLegalSuffix('Pty Ltd')).toBe('Pty Ltd');
  });
});

describe('searchNameWithoutLegalFormWords', () => {
  it('drops legal-form words a query ends with, however they are spelled or begun', () => {
    expect(searchNameWithoutLegalFormWords('Northwind Private')).toEqual({ searchName: 'northwind', ignored: ['private'] });
    expect(searchNameWithoutLegalFormWords('Barnes &')).toEqual({ searchName: 'barnes', ignored: ['and'] });
    expect(searchNameWithoutLegalFormWords('Medibank Private')?.searchName).toBe(searchName('Medibank Private Limited'));
    expect(searchNameWithoutLegalFormWords('Acme Propr')?.searchName).toBe('acme');
    expect(searchNameWithoutLegalFormWords('The Kroger Compa')?.searchName).toBe('kroger');
  });

  it('drops a legal-form word of 6+ letters mistyped by one edit, and what follows it', () => {
    expect(searchNameWithoutLegalFormWords('McKinsey & Cohpany, Inc.')).toEqual({ searchName: 'mckinsey', ignored: ['and', 'cohpany', 'inc'] });
    expect(searchNameWithoutLegalFormWords('Mediabnk Priate Limited')?.searchName).toBe('mediabnk');
    expect(searchNameWithoutLegalFormWords('The a2 Milk Compagny Limited')?.searchName).toBe('a2 milk');
    // Two edits, or a word under 6 letters, is not read as a legal form.
    expect(searchNameWithoutLegalFormWords('Acme Cmoapny')).toBeUndefined();
    expect(searchNameWithoutLegalFormWords('Acme Pubs')).toBeUndefined();
  });

  it('answers undefined when searchName already drops them, or nothing would be left', () => {
    expect(searchNameWithoutLegalFormWords('Acme Pty Ltd')).toBeUndefined();
    expect(searchNameWithoutLegalFormWords('Tata Motors')).toBeUndefined();
    expect(searchNameWithoutLegalFormWords('Private')).toBeUndefined();
    expect(searchNameWithoutLegalFormWords('Limited')).toBeUndefined();
  });
});

describe('equivalences read both ways (issue 20, section 1): both spellings give one search form', () => {
  it.each([
    ['Barnes & Noble', 'Barnes and Noble'],
    ['Acme Intl', 'Acme International'],
    ['Acme Co', 'Acme Company'],
    ['Acme Corp', 'Acme Corporation'],
    ['Southern Cross Solar P/L', 'Southern Cross Solar Pty Ltd'],
    ['Southern Cross Solar Pty. Ltd.', 'Southern Cross Solar Proprietary Limited'],
    ['1st International Bank', 'First International Bank'],
    ['21st Century Fox', 'Twenty-First Century Fox'],
    ['Brigade 44', 'Brigade Forty-Four'],
    ['SiemensAG', 'Siemens AG'],
    ['AcmeGmbH', 'Acme GmbH'],
    ['OAO Gazprom', 'Open Joint Stock Company Gazprom'],
    ['PJSC Lukoil', 'Public Joint Stock Company Lukoil'],
    ['Gazprom OJSC', 'OAO Gazprom'],
    ['OOO Romashka', 'Romashka LLC'],
    ['PT Astra International Tbk', 'Perseroan Terbatas Astra International'],
    ['Orlen Sp. z o.o.', 'Orlen Spolka z ograniczona odpowiedzialnoscia'],
    ['Telia Lietuva UAB', 'Uzdaroji akcine bendrove Telia Lietuva'],
    ['SIA Tet', 'Tet Sabiedriba ar ierobezotu atbildibu'],
    ['Siemens Aktiengesellschaft', 'Siemens AG'],
    ['Acme Kabushiki Kaisha', 'Acme KK'],
    ['Acme S.p.A.', 'Acme Societa per Azioni'],
    ['Acme N.V.', 'Acme Naamloze Vennootschap'],
    ['Acme B.V.', 'Acme Besloten Vennootschap'],
    ['Acme S.A.', 'Acme Societe Anonyme'],
    ['ОАО Газпром', 'OAO Gazprom'],
    ['Κωτσόβολος', 'Kotsovolos'],
    ['Nestlé', 'Nestle'],
    ['Société Générale', 'Societe Generale'],
  ])('"%s" = "%s"', (a, b) => {
    expect(searchName(a)).toBe(searchName(b));
  });

  it('a possessive keeps its word whole, so it reads as one edit from the word ("Deutsche Bank\'s AG")', () => {
    expect(searchName("Deutsche Bank's AG")).toBe('deutsche banks');
  });

  it('joined and split words have one punctuation-free form ("Good Will" / "Goodwill")', () => {
    expect(searchName('Good Will').replace(/ /g, '')).toBe(searchName('Goodwill'));
  });

  it('a legal form is parted from the name only at a seam the case shows ("Siemensag" stays one word)', () => {
    expect(searchName('Siemensag')).toBe('siemensag');
    expect(searchName('Sag Harbor')).toBe('sag harbor');
  });
});

describe('legal forms of the ISO 20275 (ELF) list, read both ways (legal-forms.ts)', () => {
  it.each([
    // One family a line: every spelling gives one key form.
    [['Siemens AG', 'Siemens Aktiengesellschaft', 'SiemensAG', 'Siemens A.G.'], 'siemens ag'],
    [['Acme GmbH', 'Acme Gesellschaft mit beschränkter Haftung', 'Acme Gesellschaft mbH', 'AcmeGmbH'], 'acme gmbh'],
    [['Acme KGaA', 'Acme Kommanditgesellschaft auf Aktien', 'AcmeKGaA'], 'acme kgaa'],
    [['Maersk A/S', 'Maersk Aktieselskab', 'Maersk AS'], 'maersk as'],
    [['Acme ApS', 'Acme Anpartsselskab', 'AcmeApS'], 'acme aps'],
    [['Nokia Oyj', 'Nokia Julkinen osakeyhtiö'], 'nokia oyj'],
    [['Orlen Sp. z o.o.', 'Orlen spółka z ograniczoną odpowiedzialnością', 'Orlen Sp. z o. o.'], 'orlen sp z oo'],
    [['Acme d.o.o.', 'Acme društvo s ograničenom odgovornošću'], 'acme doo'],
    [['Acme Kft.', 'Acme Korlátolt felelősségű társaság'], 'acme kft'],
    [['Acme s.r.o.', 'Acme společnost s ručením omezeným'], 'acme sro'],
    [['Acme S.A. de C.V.', 'Acme Sociedad Anónima de Capital Variable'], 'acme sa de cv'],
    [['Türk Telekom A.Ş.', 'Türk Telekom Anonim Şirketi'], 'turk telekom as'],
    [['Telia Lietuva AB', 'Telia Lietuva akcinė bendrovė'], 'telia lietuva ab'],
    [
      ['Southern Cross Solar P/L', 'Southern Cross Solar Pty Ltd', 'Southern Cross Solar Proprietary Limited', 'Southern Cross Solar Pty. Ltd.'],
      'southern cross solar pty ltd',
    ],
    [['ООО «Финко»', 'OOO Finko', 'Limited Liability Company Finko', 'LLC Finko'], 'llc finko'],
    [['Акционерное общество «Оптрон»', 'АО Оптрон', 'Joint Stock Company Optron', 'JSC Optron'], 'jsc optron'],
    [['ПАО Лукойл', 'Публичное акционерное общество Лукойл', 'PJSC Lukoil', 'Public Joint Stock Company Lukoil'], 'pjsc lukoil'],
    [['ОАО Газпром', 'OAO Gazprom', 'Открытое акционерное общество Газпром', 'Open Joint Stock Company Gazprom', 'OJSC Gazprom'], 'ojsc gazprom'],
    [['ТОВ Рошен', 'Товариство з обмеженою відповідальністю Рошен'], 'llc roshen'],
  ])('%j -> %j', (names, key) => {
    for (const name of names) expect(keyName(name), name).toBe(key);
  });

  it.each([
    ['Siemens Aktiengesellschaft', 'Siemens AG'],
    ['Acme Kommanditgesellschaft auf Aktien', 'Acme'],
    ['Maersk Aktieselskab', 'Maersk'],
    ['Acme Anpartsselskab', 'Acme ApS'],
    ['Optron, JSC', 'Акционерное общество «Оптрон»'],
    ['ООО ‘Финко’', 'Limited Liability Company ‘Finko’'],
    ['Evro Polis LLC', 'OOO Евро Полис'],
    ['UAB Telia Lietuva', 'Telia Lietuva, akcinė bendrovė'],
    ['SIA Tet', 'Tet SIA'],
    ['PT Astra International Tbk', 'Astra International'],
    ['Acme Ltd. Şti.', 'Acme Limited Şirketi'],
    ['Acme Sp. z o.o.', 'Acme'],
    ['Acme SARL', 'AcmeSARL'],
    ['Volgaburmash AO', 'Volgaburmash'],
  ])('"%s" and "%s" have one search form', (a, b) => {
    expect(searchName(a)).toBe(searchName(b));
  });

  it('never strips a name down to nothing: a list abbreviation that is the first word stays ("EMC Corp" = "EMC")', () => {
    expect(searchName('EMC Corp')).toBe('emc');
    expect(searchName('EMC')).toBe('emc');
    expect(searchName('SAS AB')).toBe(searchName('SAS AB'));
    expect(searchName('Kft')).toBe('kft');
  });

  it('keeps short list abbreviations that are ordinary words or initials where they are names', () => {
    // Two letters: only a known few are removed.
    expect(searchName('Acme IS')).toBe('acme is');
    expect(searchName('Acme PT')).toBe('acme pt');
    expect(searchName('Acme KK')).toBe('acme');
    expect(searchName('Acme AS')).toBe('acme');
    // Ordinary words and well-known acronyms the list also names as forms.
    expect(searchName('Johnson & Son')).toBe('johnson and son');
    expect(searchName('Northern Trust Company')).toBe('northern trust');
    expect(searchName('Acme Insurance Company')).toBe('acme insurance');
    expect(searchName('Acme Development Corporation')).toBe('acme development');
    expect(searchName('Deutsche Gesellschaft für Internationale Zusammenarbeit (GIZ) GmbH')).toBe(
      'deutsche gesellschaft fur internationale zusammenarbeit giz',
    );
    expect(searchName('Companhia Vale do Rio Doce')).toBe('companhia vale do rio doce');
    // A leading form only where the form is written first, and one only.
    expect(searchName('AO Smith')).toBe('ao smith');
    expect(searchName('A.O. Smith Corporation')).toBe('ao smith');
    expect(searchName('AS Roma')).toBe('as roma');
    expect(searchName('AB InBev')).toBe('ab inbev');
    expect(searchName('PJSC MMC Norilsk Nickel')).toBe('mmc norilsk nickel');
  });

  it('parts a form run into a name only at a case seam and only for forms of two capitals ("PepsiCo" stays)', () => {
    expect(searchName('PepsiCo')).toBe('pepsico');
    expect(searchName('OpenAI')).toBe('openai');
    expect(searchName('AcmeKGaA')).toBe('acme');
    expect(searchName('Acmekgaa')).toBe('acmekgaa');
  });
});
