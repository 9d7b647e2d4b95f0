/** Searching the country picker by typing (spec: "Country picker order"; the picker is searchable). */

/** A country option matches what is typed when its name contains it or its code starts with it. */
export function countryMatches(option: { code: string; name: string }, typed: string): boolean {
  const text = typed.trim().toLocaleLowerCase('en');
  if (text === '') return true;
  return option.name.toLocaleLowerCase('en').includes(text) || option.code.toLowerCase().startsWith(text);
}
