// The contract kit (run.sh) pointed at targets other than the fresh seeded
// Wharf CI tests: Wharf's mock, a used Wharf with a fixtures file and
// --read-only, a server that answers wrongly, and GitHub's own description.
// Each run is a handful of operations with a few examples (--include, a small
// CONTRACT_MAX_EXAMPLES), no stateful phase and no GraphQL run.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../server/test-support/test-server.js';
import { startMockServer, type MockServer } from './mock/mock-server.js';

const RUN_SH = join(import.meta.dirname, 'run.sh');
let reports: string;

interface KitRun {
  status: number | null;
  output: string;
}

/** run.sh with these arguments, its reports in a folder of this file's own. */
function kit(name: string, args: string[], env: Record<string, string> = {}): Promise<KitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [RUN_SH, ...args], {
      env: {
        ...process.env,
        CONTRACT_REPORTS_DIR: join(reports, name),
        CONTRACT_MAX_EXAMPLES: '5',
        CONTRACT_PHASES: 'examples,coverage,fuzzing',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** The counts of the summary's closing line. */
function total(output: string): { passed: number; failed: number } {
  const match = /total: (\d+) passed, (\d+) failed/.exec(output);
  if (!match) throw new Error(`no summary in the kit's output:\n${output.slice(-3000)}`);
  return { passed: Number(match[1]), failed: Number(match[2]) };
}

beforeAll(async () => {
  reports = await mkdtemp(join(tmpdir(), 'wharf-kit-'));
});
afterAll(() => rm(reports, { recursive: true, force: true }));

describe('the kit against Wharf’s mock', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0 });
  });
  afterAll(() => mock?.close());

  it('passes the stateless profile on the operations --include names', async () => {
    const run = await kit(
      'mock',
      [
        ...['--url', mock.url, '--token', 'ghp_contractMockToken000000000000000000', '--stateless'],
        ...['--include', 'repos/get,issues/get', '--include', 'users/get-authenticated', '--no-graphql'],
      ],
      { CONTRACT_PHASES: 'examples,fuzzing' },
    );
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('3 operation(s) selected');
    const counts = total(run.output);
    expect(counts.failed).toBe(0);
    expect(counts.passed).toBeGreaterThan(0);
    const merged = await readFile(join(reports, 'mock', 'junit-all.xml'), 'utf8');
    expect(merged).toMatch(/<testsuite name="openapi"/);
  }, 180_000);
});

describe('the kit against a used Wharf', () => {
  let server: TestServer;
  let alice: TestUser;
  let fixtures: string;
  let repositoryId: number;
  beforeAll(async () => {
    server = await startTestServer({
      WHARF_RATE_LIMIT_AUTHENTICATED: '1000000000',
      WHARF_RATE_LIMIT_UNAUTHENTICATED: '1000000000',
    });
    alice = await server.createUser('alice');
    // Data the kit's seed never makes: the token's user owns the first repository (id 1).
    const created = await server.createRepo(alice.token, { name: 'kit-repo', auto_init: true });
    repositoryId = created.id;
    const issue = await server.api('/repos/alice/kit-repo/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'a real issue' },
    });
    expect(issue.status).toBe(201);
    fixtures = join(reports, 'fixtures.yaml');
    const number = (await issue.json()).number;
    await writeFile(
      fixtures,
      `owner: alice\nrepo: kit-repo\nrepository_id: ${repositoryId}\nissue_number: ${number}\n`,
    );
  });
  afterAll(() => server?.close());

  it('passes with a fixtures file and --read-only, and leaves the data as it was', async () => {
    const run = await kit('used', [
      ...['--url', server.url, '--token', alice.token, '--fixtures', fixtures, '--read-only', '--no-graphql'],
      ...['--include', 'repos/get,repos/get-by-id,issues/get,issues/list-for-repo,repos/delete'],
    ]);
    expect(run.status, run.output).toBe(0);
    // repos/delete is named, but a read-only run never sends DELETE.
    expect(run.output).toContain('4 operation(s) selected');
    expect(total(run.output).failed).toBe(0);
    // The fixtures reached real objects: no operation answered only 404 (schemathesis's "Missing test data").
    expect(run.output).not.toContain('Missing test data');
    expect((await server.api('/repos/alice/kit-repo', { token: alice.token })).status).toBe(200);
  }, 180_000);

  it('does not probe PATCH or DELETE /repositories/{id}, the aliases of repos/update and repos/delete', async () => {
    // The coverage phase sends each method a path does not declare and expects
    // 405 (ST204). With the id pinned to a repository of the token's user, the
    // aliases answered PATCH with 200 and DELETE with 204, deleting it.
    const pinned = join(reports, 'repository-id.json');
    await writeFile(pinned, JSON.stringify({ repository_id: repositoryId }));
    const run = await kit(
      'alias',
      [
        '--url',
        server.url,
        '--token',
        alice.token,
        '--fixtures',
        pinned,
        '--include',
        'repos/get-by-id',
        '--no-graphql',
      ],
      { CONTRACT_PHASES: 'coverage' },
    );
    expect(run.output).not.toContain('ST204');
    expect(run.status, run.output).toBe(0);
    expect((await server.api(`/repositories/${repositoryId}`, { token: alice.token })).status).toBe(200);
  }, 180_000);

  // The commit status chain (file written → status → combined status / statuses) needs a
  // real repository; without fixtures the stateful run only ever sends generated owners.
  const STATUS_CHAIN = [
    'repos/create-or-update-file-contents',
    'repos/create-commit-status',
    'repos/get-combined-status-for-ref',
    'repos/list-commit-statuses-for-ref',
  ].join(',');
  const stateful = { CONTRACT_PHASES: 'stateful', CONTRACT_STATEFUL_SECONDS: '3' };

  it('fails by default when a stateful chain step is NOT reached', async () => {
    const run = await kit(
      'chains-required',
      ['--url', server.url, '--token', alice.token, '--include', STATUS_CHAIN, '--no-graphql'],
      stateful,
    );
    expect(run.output).toContain('NOT reached: repos/create-or-update-file-contents -> CreateStatusOfCommit');
    expect(run.output).toContain('a chain step was NOT reached (--no-require-chains to report it only)');
    expect(run.status, run.output).toBe(1);
  }, 180_000);

  it('only reports a step NOT reached with --no-require-chains', async () => {
    const run = await kit(
      'chains-reported',
      ['--url', server.url, '--token', alice.token, '--include', STATUS_CHAIN, '--no-graphql', '--no-require-chains'],
      stateful,
    );
    expect(run.output).toContain('NOT reached: repos/create-or-update-file-contents -> CreateStatusOfCommit');
    expect(run.output).not.toContain('a chain step was NOT reached');
    expect(run.status, run.output).toBe(0);
  }, 180_000);
});

describe('the kit against a server that answers wrongly', () => {
  let broken: Server;
  let url: string;
  beforeAll(async () => {
    // Every request: 500, a body no schema allows.
    broken = createServer((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'));
    await new Promise<void>((r) => broken.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(broken.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => broken.close(() => r())));

  it('exits non-zero, the summary naming the failed operation', async () => {
    const run = await kit(
      'broken',
      [
        ...['--url', url, '--token', 'ghp_contractMockToken000000000000000000', '--stateless'],
        ...['--include', 'users/get-authenticated', '--no-graphql'],
      ],
      { CONTRACT_PHASES: 'examples' },
    );
    expect(run.status, run.output).toBe(1);
    expect(total(run.output).failed).toBeGreaterThan(0);
    expect(run.output).toMatch(/FAILED openapi: GET \/user\b/);
  }, 180_000);

  it('refuses an --include that names nothing in the spec (exit 2)', async () => {
    const run = await kit('unknown', ['--url', url, '--token', 'ghp_x', '--include', 'no/such-operation']);
    expect(run.status).toBe(2);
    expect(run.output).toContain('--include no/such-operation: no operationId or tag of that name');
  }, 60_000);
});

describe('the kit with GitHub’s description', () => {
  let server: TestServer;
  let alice: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ WHARF_RATE_LIMIT_UNAUTHENTICATED: '1000000000' });
    alice = await server.createUser('alice');
  });
  afterAll(() => server?.close());

  it('loads api.github.com from @octokit/openapi and tests what --include names', async () => {
    const run = await kit(
      'github',
      [
        ...['--url', server.url, '--token', alice.token, '--spec', 'api.github.com', '--read-only'],
        ...['--include', 'users/get-authenticated'],
      ],
      { CONTRACT_PHASES: 'examples,fuzzing' },
    );
    expect(run.output).toContain(
      'node_modules/@octokit/openapi/generated/api.github.com.json: 1 operation(s) selected',
    );
    expect(run.output).toContain('GraphQL run left out');
    expect(run.status, run.output).toBe(0);
    expect(total(run.output).passed).toBeGreaterThan(0);
  }, 180_000);

  it('requires no stateful chain: they are openapi.yaml’s links', async () => {
    const run = await kit(
      'github-stateful',
      [
        ...['--url', server.url, '--token', alice.token, '--spec', 'api.github.com'],
        ...['--include', 'repos/create-commit-status,repos/get-combined-status-for-ref'],
        ...['--include', 'repos/list-commit-statuses-for-ref,repos/create-or-update-file-contents'],
      ],
      { CONTRACT_PHASES: 'stateful', CONTRACT_STATEFUL_SECONDS: '3' },
    );
    // Reported (the spec has the operations, not Wharf's links between them), not required:
    // the exit status is schemathesis's own, 2 for a spec without links to follow.
    expect(run.output).toContain('NOT reached: repos/create-or-update-file-contents -> CreateStatusOfCommit');
    expect(run.output).not.toContain('a chain step was NOT reached');
    expect(run.output).toContain('No links for stateful testing');
    expect(run.status, run.output).toBe(2);
  }, 180_000);
});
