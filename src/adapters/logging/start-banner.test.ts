import { describe, expect, it } from 'vitest';
import { quickSearchRequestSchema } from '../../server/quick-search/answer-quick-search';
import { startBanner } from './start-banner';

describe('startBanner', () => {
  it('names the URL, the demo user, the demo API key with a first call, where the data lives and how to stop', () => {
    const banner = startBanner({
      url: 'http://localhost:3000',
      mode: 'sandbox',
      data: '/home/me/app/.data (embedded PostgreSQL)',
      demo: { email: 'demo@example.com', password: 'demo-password-123', apiKey: { key: 'osk_abc' } },
    });
    expect(banner).toContain('  Open      http://localhost:3000\n');
    expect(banner).toContain('  Sign in   demo@example.com / demo-password-123\n');
    expect(banner).toContain('  API key   osk_abc\n');
    expect(banner).toContain("curl -H 'Authorization: Bearer osk_abc'");
    expect(banner).toContain('http://localhost:3000/api/organisations/quick-search');
    const body = /-d '([^']+)'/.exec(banner)?.[1] ?? '';
    expect(quickSearchRequestSchema.safeParse(JSON.parse(body)).success).toBe(true);
    expect(banner).toContain('  Data      /home/me/app/.data (embedded PostgreSQL)\n');
    expect(banner).toContain('  Stop      Ctrl-C\n');
  });

  it('says how to make a key when the process does not know the demo key', () => {
    const banner = startBanner({
      url: 'http://localhost:3000',
      mode: 'sandbox',
      data: 'x',
      demo: { email: 'demo@example.com', password: 'p', apiKey: { create: 'npm run cli -- api-keys create --account A' } },
    });
    expect(banner).toContain('API key   none known to this process; make one with npm run cli -- api-keys create --account A');
    expect(banner).not.toContain('curl');
  });

  it('has no demo lines in production', () => {
    const banner = startBanner({ url: 'https://search.example.com', mode: 'production', data: 'postgres://db.internal/app' });
    expect(banner).not.toContain('Sign in');
    expect(banner).toContain('  Mode      production\n');
  });
});
