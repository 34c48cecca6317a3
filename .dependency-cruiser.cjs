/**
 * The import rules `npm run lint` checks beside Biome (docs/ARCHITECTURE.md, rule 8), through
 * apps/server/scripts/check-imports.ts, which also refuses a cycle between the server's folders.
 * Biome's noRestrictedImports (biome.json) keeps lib/, db/, http/ and jobs/ from importing features.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two files that import each other (even for a type only): move what both need into a file of its ' +
        'own that imports neither.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-composition-imported-by-none',
      comment:
        'Features and the lower folders never import the files that put the server together: they import ' +
        'every feature, so any import of them is a loop.',
      severity: 'error',
      from: { path: '^apps/server/src/(modules|lib|db|http|jobs)/' },
      to: {
        path: '^apps/server/src/(app|compose-deps|start-services|run-process|background-work|main|worker)[.]ts$',
      },
    },
    {
      name: 'server-shared-types-import-no-feature',
      comment:
        'app-deps.ts and env.ts are read by every feature: a type they need from a feature belongs in lib/ ' +
        'or db/.',
      severity: 'error',
      from: { path: '^apps/server/src/(app-deps|env)[.]ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'stand-ins-for-tests-only',
      comment:
        'The LLM, Google Ads and S3 stand-ins answer tests, journeys, benches and a person trying the app: ' +
        'the server and the web app run against the real services (or a sandbox) and never import them.',
      severity: 'error',
      from: {
        path: '^(apps/server/src|apps/web/src|packages/(contract|sandbox-kit|linkedin-sandbox|platform-sandbox)/src)/',
      },
      // The cruise names a workspace package as imported (it does not resolve it to packages/).
      to: { path: '^(@sales-assist/stand-ins|packages/stand-ins/)' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc reads the sources,
    // type-only imports included (a cycle through a type is still a cycle of files).
    parser: 'swc',
    // Unchanged sources are not parsed again (a run after a small change takes a fraction of a full one).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    doNotFollow: { path: 'node_modules' },
    // Tests import the code, never the other way round: they cannot be part of a cycle worth finding.
    exclude: { path: ['(^|/)(node_modules|dist)/', '[.]test[.]tsx?$'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'] },
  },
};
