// Repository fields read from the repository's own files at its default
// branch's head (issue 34, round 3), on repositories pushed with real git:
// templates, contributing guidelines, the security policy, funding and
// contact links as GitHub finds them; gh's template query; malformed YAML and
// an oversize file left out, never failing the query; an empty repository;
// a private repository hidden from a non-member; installation permissions.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMMUNITY_FILE_BYTES } from '../../contents/community-files.js';
import { installationTokenFor } from '../../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../../test-support/git-cli.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import {
  createFixtureRepository,
  startRepositoryFixture,
  type RepositoryFixture,
} from '../../test-support/repository-fixture.js';

let fixture: RepositoryFixture<'bob'>;
let git: GitCli;

const ask = (query: string, token = fixture.owner.token) => graphqlOk(fixture.server, query, {}, token);

/** Pushes one commit with these files to `name`'s main. */
async function push(name: string, files: Record<string, string>): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'wharf-repo-files-'));
  await git.ok(['clone', '--quiet', cloneUrl(fixture.server.url, `alice/${name}.git`, fixture.owner.token), work]);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), content);
  }
  await git.ok(['add', '-A'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'Community files'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
}

const BUG = [
  '---',
  'name: Bug report',
  'about: Something is broken',
  "title: '[bug] '",
  'labels: bug',
  '---',
  'Steps:\n',
];

beforeAll(async () => {
  fixture = await startRepositoryFixture('tools', { users: ['bob'], private: true });
  git = await gitCli();
  await push('tools', {
    '.github/pull_request_template.md': 'Describe the change\n',
    'docs/PULL_REQUEST_TEMPLATE.md': 'A second single template, which .github/ outranks\n',
    '.github/PULL_REQUEST_TEMPLATE/feature.md': 'A feature\n',
    '.github/ISSUE_TEMPLATE/bug.md': BUG.join('\n'),
    '.github/ISSUE_TEMPLATE/broken.md': '---\nname: [unclosed\n---\nbody\n',
    '.github/ISSUE_TEMPLATE/huge.md': `---\nname: Huge\n---\n${'x'.repeat(MAX_COMMUNITY_FILE_BYTES)}`,
    '.github/ISSUE_TEMPLATE/feature.md': '\uFEFF---\r\nname: Feature\r\nabout: An idea\r\n---\r\nWhat?\r\n',
    '.github/ISSUE_TEMPLATE/plain.md': 'No front matter, so no template\n',
    '.github/ISSUE_TEMPLATE/config.yml': [
      'blank_issues_enabled: false',
      'contact_links:',
      '  - name: Forum',
      '    url: https://forum.example.com',
      '    about: Ask questions there',
      '  - name: No url',
      '    about: skipped',
    ].join('\n'),
    '.github/FUNDING.yml': 'github: [alice, bob]\npatreon: tools\ncustom: https://example.com/donate\n',
    'CONTRIBUTING.md': 'Send patches\n',
    'docs/CONTRIBUTING.md': 'The root one wins over docs/\n',
    'docs/security.md': 'Mail security@example.com\n',
    '.github/CODEOWNERS': [
      '# Owners',
      '*.js @alice @ghost',
      '***/*.rb @alice',
      'docs/ docs@',
      '/api/ @alice/core alice@example.com   # a comment',
      '!skip @alice',
    ].join('\n'),
    'docs/CODEOWNERS': 'the one in .github/ outranks this\n',
  });
  await createFixtureRepository(fixture.server, fixture.owner, 'broken');
  await push('broken', {
    '.github/FUNDING.yml': 'github: [unclosed\n',
    '.github/ISSUE_TEMPLATE/config.yml': 'contact_links: {{{\n',
  });
}, 120_000);

afterAll(async () => {
  await git?.close();
  await fixture?.server.close();
});

const FIELDS = `pullRequestTemplates { filename body repository { name } }
  issueTemplates { filename name about title body }
  contributingGuidelines { body resourcePath url }
  isSecurityPolicyEnabled securityPolicyUrl
  fundingLinks { platform url }
  contactLinks { name about url }`;

describe('codeowners', () => {
  it("reports the CODEOWNERS file's problems as GitHub writes them", async () => {
    const body = await ask(`{ repository(owner: "alice", name: "tools") {
      codeowners { errors { line column kind source suggestion message path } } } }`);
    expect(body.errors).toBeUndefined();
    const path = '.github/CODEOWNERS';
    expect(body.data!.repository.codeowners.errors).toEqual([
      {
        line: 2,
        column: 13,
        kind: 'Unknown owner',
        source: '*.js @alice @ghost',
        suggestion: 'make sure @ghost exists and has write access to the repository',
        message: `Unknown owner on line 2: make sure @ghost exists and has write access to the repository\n\n  *.js @alice @ghost\n  ${' '.repeat(12)}^`,
        path,
      },
      {
        line: 3,
        column: 1,
        kind: 'Invalid pattern',
        source: '***/*.rb @alice',
        suggestion: 'Did you mean `**/*.rb`?',
        message: 'Invalid pattern on line 3: Did you mean `**/*.rb`?\n\n  ***/*.rb @alice\n  ^',
        path,
      },
      {
        line: 4,
        column: 7,
        kind: 'Invalid owner',
        source: 'docs/ docs@',
        suggestion: null,
        message: 'Invalid owner on line 4:\n\n  docs/ docs@\n        ^',
        path,
      },
      expect.objectContaining({ line: 6, column: 1, kind: 'Invalid pattern', suggestion: null }),
    ]);
  });

  it('reads the file at refName, and answers null without a file or a ref', async () => {
    const query = `{ repository(owner: "alice", name: "tools") {
      full: codeowners(refName: "refs/heads/main") { errors { line } }
      short: codeowners(refName: "main") { errors { line } }
      missing: codeowners(refName: "no-such-branch") { errors { line } } }
      other: repository(owner: "alice", name: "broken") { codeowners { errors { line } } } }`;
    const body = await ask(query);
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository.full.errors).toHaveLength(4);
    expect(body.data!.repository.short).toEqual(body.data!.repository.full);
    expect(body.data!.repository.missing).toBeNull();
    expect(body.data!.other.codeowners).toBeNull();
  });
});

describe("a repository's files", () => {
  it('answers each field from the files GitHub reads, at the default branch', async () => {
    const body = await ask(`{ repository(owner: "alice", name: "tools") { ${FIELDS} } }`);
    expect(body.errors).toBeUndefined();
    const web = fixture.server.url;
    expect(body.data!.repository).toEqual({
      pullRequestTemplates: [
        { filename: 'pull_request_template.md', body: 'Describe the change\n', repository: { name: 'tools' } },
        { filename: 'feature.md', body: 'A feature\n', repository: { name: 'tools' } },
      ],
      // broken.md's YAML does not parse, huge.md is over the cap, plain.md has no front matter: all left out.
      issueTemplates: [
        { filename: 'bug.md', name: 'Bug report', about: 'Something is broken', title: '[bug] ', body: 'Steps:\n' },
        { filename: 'feature.md', name: 'Feature', about: 'An idea', title: null, body: 'What?\r\n' },
      ],
      contributingGuidelines: {
        body: 'Send patches\n',
        resourcePath: '/alice/tools/blob/main/CONTRIBUTING.md',
        url: `${web}/alice/tools/blob/main/CONTRIBUTING.md`,
      },
      isSecurityPolicyEnabled: true,
      securityPolicyUrl: `${web}/alice/tools/blob/main/docs/security.md`,
      fundingLinks: [
        { platform: 'GITHUB', url: 'https://github.com/alice' },
        { platform: 'GITHUB', url: 'https://github.com/bob' },
        { platform: 'PATREON', url: 'https://patreon.com/tools' },
        { platform: 'CUSTOM', url: 'https://example.com/donate' },
      ],
      contactLinks: [{ name: 'Forum', about: 'Ask questions there', url: 'https://forum.example.com' }],
    });
  });

  it("answers gh's issue and pull request template queries", async () => {
    const issues = await graphqlOk(
      fixture.server,
      'query IssueTemplates($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { issueTemplates { name body } } }',
      { owner: 'alice', name: 'tools' },
      fixture.owner.token,
    );
    expect(issues).toEqual({
      data: {
        repository: {
          issueTemplates: [
            { name: 'Bug report', body: 'Steps:\n' },
            { name: 'Feature', body: 'What?\r\n' },
          ],
        },
      },
    });
    const pulls = await graphqlOk(
      fixture.server,
      'query PullRequestTemplates($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { pullRequestTemplates { filename body } } }',
      { owner: 'alice', name: 'tools' },
      fixture.owner.token,
    );
    expect(pulls.errors).toBeUndefined();
    expect(pulls.data!.repository.pullRequestTemplates.map((t: { filename: string }) => t.filename)).toEqual([
      'pull_request_template.md',
      'feature.md',
    ]);
  });

  it('gives no links from YAML that does not parse, without an error', async () => {
    const body = await ask(
      `{ repository(owner: "alice", name: "broken") { fundingLinks { url } contactLinks { url } } }`,
    );
    expect(body).toEqual({ data: { repository: { fundingLinks: [], contactLinks: [] } } });
  });

  it('answers none for a repository without a default branch head', async () => {
    await fixture.server.createRepo(fixture.owner.token, { name: 'empty' });
    const body = await ask(`{ repository(owner: "alice", name: "empty") { ${FIELDS} } }`);
    expect(body).toEqual({
      data: {
        repository: {
          pullRequestTemplates: [],
          issueTemplates: [],
          contributingGuidelines: null,
          isSecurityPolicyEnabled: false,
          securityPolicyUrl: null,
          fundingLinks: [],
          contactLinks: [],
        },
      },
    });
  });

  it('hides a private repository from a non-member', async () => {
    const body = await ask(`{ repository(owner: "alice", name: "tools") { ${FIELDS} } }`, fixture.users.bob.token);
    expect(body.data?.repository ?? null).toBeNull();
    expect(body.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('opens the files to an installation with the contents permission only', async () => {
    const { server, owner } = fixture;
    const query = `{ repository(owner: "alice", name: "tools") { name pullRequestTemplates { filename }
      isSecurityPolicyEnabled contributingGuidelines { body } codeowners { errors { line } } } }`;
    const metadata = await installationTokenFor(server, owner.id, 'meta-app', { metadata: 'read' });
    const refused = await ask(query, metadata);
    expect(refused.data!.repository).toEqual({
      name: 'tools',
      pullRequestTemplates: null,
      isSecurityPolicyEnabled: null,
      contributingGuidelines: null,
      codeowners: null,
    });
    expect(refused.errors?.map((e) => [e.type, e.path?.join('.')])).toEqual(
      expect.arrayContaining([
        ['FORBIDDEN', 'repository.pullRequestTemplates.0'],
        ['FORBIDDEN', 'repository.isSecurityPolicyEnabled'],
        ['FORBIDDEN', 'repository.contributingGuidelines'],
        ['FORBIDDEN', 'repository.codeowners'],
      ]),
    );
    const contents = await installationTokenFor(server, owner.id, 'contents-app', { contents: 'read' });
    const read = await ask(query, contents);
    expect(read.errors).toBeUndefined();
    expect(read.data!.repository.isSecurityPolicyEnabled).toBe(true);
    expect(read.data!.repository.codeowners.errors).toHaveLength(4);
  });
});
