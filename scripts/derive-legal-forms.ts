/**
 * Derives src/core/legal-forms-iso-20275.json, the legal forms canonical-name.ts recognises, from the ISO 20275 Entity
 * Legal Forms (ELF) code list that GLEIF publishes (CC0 1.0), as kept in a fetched copy of opensanctions/opensanctions:
 *   npx tsx scripts/derive-legal-forms.ts --opensanctions /work/.mirror/opensanctions+opensanctions/repo
 * Not run by the product: the output is committed. Every ELF row of a country that gives at least one abbreviation
 * becomes [country, language, names, abbreviations]: the ISO 639-1 language of its local name, its local and transliterated names and its local and transliterated
 * abbreviations as the list writes them (distinct, in the list's order, the local abbreviation first). Rows without an
 * abbreviation are left out (their names are descriptions such as "Trust" or "Public Institution", not forms that
 * are written beside a company's name); so are the placeholder codes 8888 and 9999, which have no country.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';

const ELF_FILE = 'datasets/_global/gleif/ref/elf-codes-1.4.1.csv';
const OUT = new URL('../src/core/legal-forms-iso-20275.json', import.meta.url);

const args = parseArgs({ options: { opensanctions: { type: 'string' } } }).values;
if (!args.opensanctions) throw new Error('give --opensanctions <git dir of a fetched opensanctions/opensanctions>');
const repo = args.opensanctions;
const git = (...rest: string[]) => execFileSync('git', ['-C', repo, ...rest], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

type Row = Record<string, string | undefined>;
const rows = parse(git('show', `HEAD:${ELF_FILE}`), { columns: true, bom: true, skip_empty_lines: true, relax_quotes: true }) as Row[];

const clean = (value: string | undefined): string => (value ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
const distinct = (values: string[]): string[] => [...new Set(values.map(clean).filter((v) => v !== ''))];

const forms: [string, string, string[], string[]][] = [];
const seen = new Set<string>();
for (const row of rows) {
  const country = clean(row['Country Code (ISO 3166-1)']);
  if (country === '') continue;
  const abbreviations = distinct([...(row['Abbreviations Local language'] ?? '').split(';'), ...(row['Abbreviations transliterated'] ?? '').split(';')]);
  if (abbreviations.length === 0) continue;
  const names = distinct([row['Entity Legal Form name Local name'] ?? '', row['Entity Legal Form name Transliterated name (per ISO 01-140-10)'] ?? '']);
  const form: [string, string, string[], string[]] = [country, clean(row['Language Code (ISO 639-1)']), names, abbreviations];
  const id = JSON.stringify(form);
  if (seen.has(id)) continue;
  seen.add(id);
  forms.push(form);
}
forms.sort((a, b) => a[0].localeCompare(b[0]) || JSON.stringify(a).localeCompare(JSON.stringify(b)));

const commit = git('rev-parse', 'HEAD').trim();
const output = {
  source: `GLEIF ISO 20275 Entity Legal Forms code list 1.4.1, ${ELF_FILE} in opensanctions/opensanctions@${commit}`,
  licence: 'CC0 1.0 (GLEIF data, https://www.gleif.org/en/meta/lei-data-terms-of-use/)',
  derivedBy: 'scripts/derive-legal-forms.ts',
  format: '[ISO 3166-1 country, ISO 639-1 language, [local name, transliterated name], [abbreviations, local first]]',
  forms,
};
// One form a line: small diffs when the list is updated.
const text = `{\n${Object.entries(output)
  .filter(([key]) => key !== 'forms')
  .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`)
  .join('')}  "forms": [\n${forms.map((f) => `    ${JSON.stringify(f)}`).join(',\n')}\n  ]\n}\n`;
fs.writeFileSync(OUT, text);
process.stderr.write(`${forms.length} forms from ${rows.length} ELF rows -> ${OUT.pathname}\n`);
