/**
 * A pure function's last answers, by a string key of its arguments: the match asks for the forms and the evidence of
 * the same query and the same candidate names again and again (every candidate of a query, its floor and its order,
 * every row of a batch chunk). Bounded: emptied when it holds `size` answers. Only for pure functions whose answer
 * nobody mutates (freeze it), so a remembered answer is the answer.
 */
export function memoised<A extends readonly unknown[], T>(keyOf: (...args: A) => string, compute: (...args: A) => T, size = 4096): (...args: A) => T {
  const memo = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = compute(...args);
    if (memo.size >= size) memo.clear();
    memo.set(key, value);
    return value;
  };
}
