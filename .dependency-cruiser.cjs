/** The layering of DESIGN.md section 3, enforced in the lint step. Arrows point inward only. */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'src/core imports nothing of ours outside src/core and no framework',
      severity: 'error',
      from: { path: '^src/core' },
      to: { path: '^src/(?!core)' },
    },
    {
      name: 'core-no-framework',
      severity: 'error',
      from: { path: '^src/core' },
      to: { path: 'node_modules/(next|react|react-dom|pg|drizzle-orm|better-auth|pg-boss|ai|@ai-sdk)/' },
    },
    {
      name: 'server-uses-no-adapter',
      comment:
        'use cases reach PostgreSQL through the (db, params) query functions and the Db handle type, and the outside world through ports; no other adapter (decision 0027)',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/(adapters/(?!db/queries/|db/client\\.ts$)|app|components|cli|sandbox|composition-root)' },
    },
    {
      name: 'adapters-not-upward',
      severity: 'error',
      from: { path: '^src/adapters' },
      to: { path: '^src/(app|components|cli|composition-root)' },
    },
    {
      name: 'app-not-into-adapters',
      comment: 'pages, routes and actions read through use cases in src/server (via the container); only the composition root builds adapters',
      severity: 'error',
      from: { path: '^src/app' },
      to: { path: '^src/(adapters|sandbox|cli)' },
    },
    {
      name: 'components-not-into-backend',
      comment: 'React components talk to the server over HTTP or server actions, never to adapters',
      severity: 'error',
      from: { path: '^src/components' },
      to: { path: '^src/(adapters|sandbox|cli|composition-root)' },
    },
    {
      name: 'components-not-into-app',
      comment: 'components read server actions from the ServerActionsProvider the main layout mounts; src/app composes components, never the reverse',
      severity: 'error',
      from: { path: '^src/components' },
      to: { path: '^src/app' },
    },
    {
      name: 'config-not-into-fakes',
      comment: 'configuration parses the environment; it never imports a contract fake (the fault vocabulary is src/core/sandbox-faults.ts)',
      severity: 'error',
      from: { path: '^src/config' },
      to: { path: '^src/(sandbox|adapters|app|components|cli)' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Tests are cruised too (`npm run lint` passes src, tests and bench): a test beside a layer keeps to that
    // layer's rules; tests/ and bench/ may reach any layer but no cycle. Recorded payload fixtures are data.
    exclude: { path: '__fixtures__/.*\\.json$' },
  },
};
