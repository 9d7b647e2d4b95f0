import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { freshValue, ttlClock } from './ttl-lru';

describe('a TTL cache on lru-cache', () => {
  it('answers an entry while it is younger than its TTL, on a clock that starts at 0', () => {
    let now = 0;
    const cache = new LRUCache<string, string>({ max: 10, ttl: 300, ...ttlClock(() => now) });
    cache.set('key', 'value');
    now = 299;
    expect(freshValue(cache, 'key')).toBe('value');
    now = 300;
    expect(freshValue(cache, 'key')).toBeUndefined();
    expect(freshValue(cache, 'never set')).toBeUndefined();
  });
});
