import { describe, expect, it } from 'vitest';
import { requestTargetOf } from './request-target';

describe('requestTargetOf', () => {
  it('keeps an origin-form target, and takes the path and query of an absolute-form one', () => {
    expect(requestTargetOf('/api/health?x=1')).toEqual({ kind: 'path', url: '/api/health?x=1' });
    expect(requestTargetOf('http://evil.example/api/health?x=1')).toEqual({ kind: 'path', url: '/api/health?x=1' });
    expect(requestTargetOf('/a%2e%2e/b')).toEqual({ kind: 'path', url: '/a%2e%2e/b' });
  });

  it('names the asterisk form, and refuses other forms and dot segments', () => {
    expect(requestTargetOf('*')).toEqual({ kind: 'asterisk' });
    for (const target of [
      'example.com:443',
      'dashboard',
      '/..',
      '/api/../api/health',
      '/./dashboard',
      '/_next/static/../../package.json',
      'http://x/a/../b/..',
    ]) {
      expect(requestTargetOf(target), target).toMatchObject({ kind: target.startsWith('http://x') ? 'path' : 'refused' });
    }
  });
});
