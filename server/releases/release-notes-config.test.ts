// Generated release notes shaped as GitHub shapes them: `.github/release.yml`
// at the target commit (global exclusions, categories in order with `*` and
// their own exclusions, GitHub's comment naming the file), a file named by
// `configuration_file_path` (422 when missing), and `## New Contributors` for
// authors whose first merged pull request in the repository is in the range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { MergeTestRepo, pulls } from '../test-support/merge-test-repo.js';

let t: MergeTestRepo;
let url: (n: number) => string;
const REPO = '/repos/alice/proj';

const CONFIG = `changelog:
  exclude:
    labels: [wontfix]
  categories:
    - title: Features
      labels: [enhancement]
    - title: Fixes
      labels: [bug]
      exclude:
        authors: [ALICE]
    - title: Other
      labels: ["*"]
      exclude:
        labels: [documentation]
`;
const ONLY_BUGS = 'changelog:\n  categories:\n    - title: Bugs only\n      labels: [bug]\n';

const notes = async (body: Record<string, unknown>) => {
  const res = await t.call(`${REPO}/releases/generate-notes`, { method: 'POST', token: t.alice.token, body });
  if (res.status === 200)
    expectBothSchemas(
      res.json,
      { path: '/repos/{owner}/{repo}/releases/generate-notes', method: 'post' },
      { operationId: 'repos/generate-release-notes' },
    );
  return res;
};

/** A pull request of `author` with `labels`, merged; its number. */
async function mergedPull(branch: string, title: string, author: 'alice' | 'carol', labels: string[]): Promise<number> {
  await t.commitAndPush(branch, { [`${branch}.txt`]: `${branch}\n` }, title, 'main');
  const token = author === 'alice' ? t.alice.token : t.carol.token;
  const opened = await t.call(pulls, { method: 'POST', token, body: { title, head: branch, base: 'main' } });
  expect(opened.status).toBe(201);
  const number = opened.json.number as number;
  if (labels.length)
    expect(
      (await t.call(`${REPO}/issues/${number}/labels`, { method: 'POST', token: t.alice.token, body: { labels } }))
        .status,
    ).toBe(200);
  await t.computed(number);
  expect((await t.merge(number, { merge_method: 'squash' })).status).toBe(200);
  return number;
}

beforeAll(async () => {
  t = await MergeTestRepo.start();
  url = (n) => `${t.server.url}/alice/proj/pull/${n}`;
  // Through the contents API (the work tree's branches need not have it: the notes read the target, main).
  for (const [path, text] of [
    ['.github/release.yml', CONFIG],
    ['.github/bugs.yml', ONLY_BUGS],
  ] as const) {
    const put = await t.call(`${REPO}/contents/${path}`, {
      method: 'PUT',
      token: t.alice.token,
      body: { message: `add ${path}`, content: Buffer.from(text).toString('base64') },
    });
    expect(put.status).toBe(201);
  }
  expect(
    (await t.call(`${REPO}/releases`, { method: 'POST', token: t.alice.token, body: { tag_name: 'v0' } })).status,
  ).toBe(201);
  await mergedPull('feature', 'Add a feature', 'alice', ['enhancement']); // 1
  await mergedPull('fix', 'Fix a bug', 'carol', ['bug']); // 2
  await mergedPull('docs', 'Write docs', 'carol', ['documentation']); // 3
  await mergedPull('skip', 'Not this', 'alice', ['wontfix']); // 4
  await mergedPull('alice-fix', 'Fix another bug', 'alice', ['bug']); // 5
  await mergedPull('chore', 'Tidy up', 'alice', []); // 6
}, 240_000);
afterAll(() => t.close());

describe('release notes configuration', () => {
  it('categorizes as .github/release.yml says, with GitHub’s comment, and lists the new contributors', async () => {
    const res = await notes({ tag_name: 'v1' });
    expect(res.status).toBe(200);
    expect(res.json.body).toBe(
      [
        '<!-- Release notes generated using configuration in .github/release.yml at main -->',
        '',
        "## What's Changed",
        '### Features',
        `* Add a feature by @alice in ${url(1)}`,
        '### Fixes',
        `* Fix a bug by @carol in ${url(2)}`,
        // alice's bug fix is excluded from Fixes (authors match case-insensitively) and falls to `*`;
        // the docs are excluded from Other and no category takes them; wontfix is excluded everywhere.
        '### Other',
        `* Fix another bug by @alice in ${url(5)}`,
        `* Tidy up by @alice in ${url(6)}`,
        '',
        '## New Contributors',
        `* @alice made their first contribution in ${url(1)}`,
        `* @carol made their first contribution in ${url(2)}`,
        '',
        `**Full Changelog**: ${t.server.url}/alice/proj/compare/v0...v1`,
      ].join('\n'),
    );
  });

  it('reads the file configuration_file_path names; 422 when it names none', async () => {
    const res = await notes({ tag_name: 'v1', configuration_file_path: '.github/bugs.yml' });
    expect(res.json.body.split('\n\n').slice(0, 2)).toEqual([
      '<!-- Release notes generated using configuration in .github/bugs.yml at main -->',
      `## What's Changed\n### Bugs only\n* Fix a bug by @carol in ${url(2)}\n* Fix another bug by @alice in ${url(5)}`,
    ]);
    const missing = await notes({ tag_name: 'v1', configuration_file_path: '.github/none.yml' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([{ resource: 'Release', code: 'invalid', field: 'configuration_file_path' }]);
  });

  it('names no one new whose first merged pull request came before the range, and the tag once it exists', async () => {
    expect(
      (await t.call(`${REPO}/releases`, { method: 'POST', token: t.alice.token, body: { tag_name: 'v1' } })).status,
    ).toBe(201);
    await t.pullMain();
    await mergedPull('more', 'Fix more', 'carol', ['bug']); // 7
    const next = await notes({ tag_name: 'v2' });
    expect(next.json.body).toBe(
      [
        '<!-- Release notes generated using configuration in .github/release.yml at main -->',
        `## What's Changed\n### Fixes\n* Fix more by @carol in ${url(7)}`,
        `**Full Changelog**: ${t.server.url}/alice/proj/compare/v1...v2`,
      ].join('\n\n'),
    );
    // The existing tag v1 is the target GitHub names.
    expect((await notes({ tag_name: 'v1', previous_tag_name: 'v0' })).json.body).toMatch(
      /^<!-- Release notes generated using configuration in \.github\/release\.yml at v1 -->\n/,
    );
  });
});
