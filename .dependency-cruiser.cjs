// The layers of docs/architecture.md, checked by dependency-cruiser over the
// server's runtime imports (type-only imports vanish at compile time, so they
// are not counted: tsPreCompilationDeps false). `npm run layers`
// (bin/check-layers.mjs) runs it; CI fails on any violation not listed in
// .layers/known-*.txt, the debt still being paid down (issue 33). Rewrite those
// lists only when they shrink: `npm run layers -- --baseline`.

/** Edges: they translate a request into a call and an answer into the edge's shape. */
const EDGE =
  '^server/(http|graphql|git-http|web|cli)/|^server/[^/]+/handlers/|^server/[^/]+/[^/]+/handlers/|^server/(app|main|handlers|services)\\.ts$';
const TEST = '\\.test\\.ts$|^server/test-support/';

/** Runtime layering: the server's production files, tests left out. */
const runtimeRules = [
  {
    name: 'no-folder-cycle',
    comment:
      'Folders depend on each other in one direction only: a cycle means two folders are one idea, or a rule sits in the wrong one.',
    severity: 'error',
    scope: 'folder',
    from: { path: '^server/' },
    to: { circular: true },
  },
  {
    name: 'no-module-cycle',
    severity: 'error',
    from: { path: '^server/' },
    to: { circular: true },
  },
  {
    name: 'errors-import-nothing',
    comment: 'The domain error type sits below everything, db included.',
    severity: 'error',
    from: { path: '^server/errors/' },
    to: { path: '^server/', pathNot: '^server/errors/' },
  },
  {
    name: 'db-is-the-bottom',
    comment: 'db/ knows postgres.js and migrations, nothing above it.',
    severity: 'error',
    from: { path: '^server/db/', pathNot: TEST },
    to: { path: '^server/', pathNot: ['^server/(db|errors)/', '^server/(log|config|asset-paths)\\.ts$'] },
  },
  {
    name: 'http-imports-no-capability',
    comment:
      'The REST pipeline is generic: capabilities plug into it (handler map, auth middleware), it never reaches into them.',
    severity: 'error',
    from: { path: '^server/http/', pathNot: TEST },
    to: {
      path: '^server/',
      pathNot: [
        '^server/(http|db|errors|access|auth|ids|rate-limit|codegen)/',
        '^server/generated/',
        '^server/(log|config|services)\\.ts$',
      ],
    },
  },
  {
    name: 'services-below-edges',
    comment:
      'Services, stores and the access policy never import an edge: no H3Event, OperationContext, ApiError or GraphQL type below the edges.',
    severity: 'error',
    from: { path: '^server/', pathNot: [EDGE, TEST] },
    to: { path: EDGE },
  },
];

/** Tests and their support: fixtures live in test-support, production never imports it. */
const testRules = [
  {
    name: 'production-without-test-support',
    severity: 'error',
    from: { path: '^server/', pathNot: TEST },
    to: { path: TEST },
  },
  {
    name: 'fixtures-in-test-support',
    comment:
      'Code that only tests use lives in server/test-support/ (or beside the test as *.test.ts), never among production files.',
    severity: 'error',
    from: { path: '\\.test\\.ts$' },
    to: { path: '(-fixture|-test-[a-z-]+|test-repo|-test)\\.ts$', pathNot: '^server/test-support/' },
  },
];

const options = {
  tsPreCompilationDeps: false,
  tsConfig: { fileName: 'tsconfig.json' },
  doNotFollow: { path: 'node_modules' },
  exclude: { path: ['node_modules', '/generated/'] },
  includeOnly: '^server/',
};

// WHARF_LAYERS=tests checks the test rules over every file; the default is the runtime check.
module.exports =
  process.env.WHARF_LAYERS === 'tests'
    ? { forbidden: testRules, options }
    : { forbidden: runtimeRules, options: { ...options, exclude: { path: [...options.exclude.path, TEST] } } };
