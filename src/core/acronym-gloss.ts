/**
 * An acronym gloss: a parenthesised acronym after a name, made of the initials of the name's words
 * ("Mujahidin Indonesian Timur (MIT)", "Iran Alumina Company (IAC)", "Tehrik-e Taliban Pakistan (TTP)"). It says
 * nothing the name does not, so the name is compared without it (issue 20, section 3). A parenthesised part that is
 * not the name's initials ("Credit Suisse (Schweiz)", "China Unicom (Hong Kong)", "(USA)") is kept: it may name
 * another entity.
 */

/** The initials of a name's words, in order (a hyphen or apostrophe separates words: "Tehrik-e" gives t, e). */
function initials(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => w[0] ?? '')
    .join('');
}

/**
 * Whether `letters` can be read, in order, among the initials `from` (a subsequence): beginning with the first
 * initial, or, for 3 letters or more, anywhere ("NTC" for "Korea Namgang Trading Corporation").
 */
function readAmongInitials(letters: string, from: string): boolean {
  if (letters === '' || (letters[0] !== from[0] && letters.length < 3)) return false;
  let i = 0;
  for (const c of from) if (c === letters[i]) i += 1;
  return i === letters.length;
}

/**
 * The name without a trailing acronym gloss: a last parenthesised part of 2-8 letters (hyphens, dots and spaces
 * allowed inside, no digits) whose letters are initials of the name's words before it, in order (readAmongInitials).
 * Any other name is answered as it is.
 */
export function withoutAcronymGloss(name: string): string {
  const gloss = /^(.*\S)\s*\(([^()]*)\)\s*$/u.exec(name);
  if (gloss === null) return name;
  const [, rest = '', inside = ''] = gloss;
  const letters = inside
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s.\-']/g, '');
  if (!/^\p{L}{2,8}$/u.test(letters)) return name;
  return readAmongInitials(letters, initials(rest)) ? rest.trim() : name;
}
