// The one lock order (server/pulls/pull-locks.ts: issue, pull request,
// issue-list generation, repository) kept by every foreground writer: pairs
// of writes that used to take the generation and the issue (or the
// repository's row) in opposite orders run many times at once, and none may
// end in a deadlock (PostgreSQL aborts one of the two: a 500). No timing is
// assumed: each pair is started together, and every answer must be one of
// the pair's normal ones, whatever order the database ran them in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { reviewCommentFixture, type ReviewCommentFixture } from '../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
const PAIRS = 12;

beforeAll(async () => {
  f = await reviewCommentFixture('lo');
});
afterAll(async () => {
  await f?.close();
});

const send = (path: string, method: string, body?: unknown, token = f.alice.token) =>
  f.call(path, { method, token, ...(body !== undefined ? { body } : {}) }).then((answer) => answer.status);

async function openIssue(title: string): Promise<number> {
  const made = await f.call('/repos/alice/lo/issues', { method: 'POST', token: f.alice.token, body: { title } });
  expect(made.status).toBe(201);
  return made.json.number;
}

/** Runs `PAIRS` pairs at once (each pair on its own issue when `shared` is false); every status must be in `ok`. */
async function race(pair: (k: number) => Promise<number>[], ok: number[]): Promise<void> {
  const statuses = await Promise.all(Array.from({ length: PAIRS }, (_, k) => Promise.all(pair(k))));
  for (const status of statuses.flat()) expect(ok).toContain(status);
}

describe('concurrent writers never deadlock', () => {
  it('an issue edit and a new comment on the same issue', async () => {
    const n = await openIssue('Busy');
    await race(
      (k) => [
        send(`/repos/alice/lo/issues/${n}`, 'PATCH', { title: `Busy ${k}` }),
        send(`/repos/alice/lo/issues/${n}/comments`, 'POST', { body: `comment ${k}` }),
      ],
      [200, 201],
    );
    expect((await f.call(`/repos/alice/lo/issues/${n}`)).json.comments).toBe(PAIRS);
  });

  it('an issue edit and a relabel that creates labels', async () => {
    const n = await openIssue('Labels');
    await race(
      (k) => [
        send(`/repos/alice/lo/issues/${n}`, 'PATCH', { body: `body ${k}` }),
        send(`/repos/alice/lo/issues/${n}/labels`, 'POST', { labels: [`new-${k}`] }),
        send(`/repos/alice/lo/issues/${n}/labels`, 'PUT', { labels: [`set-${k}`] }),
      ],
      [200],
    );
  });

  it('a comment deletion and an issue edit', async () => {
    const n = await openIssue('Deletions');
    const ids: number[] = [];
    for (let k = 0; k < PAIRS; k++)
      ids.push(
        (
          await f.call(`/repos/alice/lo/issues/${n}/comments`, {
            method: 'POST',
            token: f.alice.token,
            body: { body: `c${k}` },
          })
        ).json.id,
      );
    await race(
      (k) => [
        send(`/repos/alice/lo/issues/comments/${ids[k]}`, 'DELETE'),
        send(`/repos/alice/lo/issues/${n}`, 'PATCH', { title: `Deletions ${k}` }),
      ],
      [200, 204],
    );
    expect((await f.call(`/repos/alice/lo/issues/${n}`)).json.comments).toBe(0);
  });

  it('reactions and edits of the issue and the comment they are on', async () => {
    const n = await openIssue('Reactions');
    const comment = (
      await f.call(`/repos/alice/lo/issues/${n}/comments`, {
        method: 'POST',
        token: f.alice.token,
        body: { body: 'hi' },
      })
    ).json.id;
    const contents = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'];
    const tokens = [f.alice.token, f.bob.token, f.carol.token, f.dave.token];
    await race(
      (k) => [
        send(`/repos/alice/lo/issues/${n}/reactions`, 'POST', { content: contents[k % 8] }, tokens[k % 4]),
        send(`/repos/alice/lo/issues/${n}`, 'PATCH', { title: `Reactions ${k}` }),
        send(
          `/repos/alice/lo/issues/comments/${comment}/reactions`,
          'POST',
          { content: contents[k % 8] },
          tokens[k % 4],
        ),
        send(`/repos/alice/lo/issues/comments/${comment}`, 'PATCH', { body: `edited ${k}` }),
      ],
      [200, 201],
    );
  });

  it('a review comment (a new COMMENTED review) and a pull request edit', async () => {
    await race(
      (k) => [
        send(
          `/repos/alice/lo/pulls/${f.number}/comments`,
          'POST',
          { commit_id: f.head, path: 'new.txt', subject_type: 'file', body: `file ${k}` },
          f.bob.token,
        ),
        send(`/repos/alice/lo/pulls/${f.number}`, 'PATCH', { title: `Pull ${k}` }, f.bob.token),
        send(`/repos/alice/lo/issues/${f.number}/comments`, 'POST', { body: `conversation ${k}` }, f.bob.token),
      ],
      [200, 201],
    );
  });

  it("pinning and closing issues (the repository's row: open_issues_count, the pin limit)", async () => {
    const numbers: number[] = [];
    for (let k = 0; k < 3; k++) numbers.push(await openIssue(`Pin ${k}`));
    const ids = await Promise.all(
      numbers.map(async (n) => (await f.call(`/repos/alice/lo/issues/${n}`)).json.node_id as string),
    );
    const pinning = (mutation: 'pinIssue' | 'unpinIssue', id: string) =>
      graphqlOk(
        f.server,
        `mutation($id: ID!) { ${mutation}(input: { issueId: $id }) { clientMutationId } }`,
        { id },
        f.alice.token,
      ).then((answer) => (answer.errors === undefined ? 200 : 500));
    await race(
      (k) => [
        pinning('pinIssue', ids[k % 3]!),
        send(`/repos/alice/lo/issues/${numbers[(k + 1) % 3]}`, 'PATCH', { state: k % 2 ? 'open' : 'closed' }),
        pinning('unpinIssue', ids[(k + 2) % 3]!),
        send('/repos/alice/lo/issues', 'POST', { title: `Opened while pinning ${k}` }),
      ],
      [200, 201],
    );
  });

  it('renaming the repository and opening issues in it', async () => {
    // Renames one after another (each names the repository by its current name), each with issues opened at once by id.
    let name = 'lo';
    for (let k = 0; k < PAIRS; k++) {
      const next = `lo-${k}`;
      const statuses = await Promise.all([
        send(`/repos/alice/${name}`, 'PATCH', { name: next }),
        ...[0, 1, 2].map((j) => send(`/repositories/${f.repoId}/issues`, 'POST', { title: `During rename ${k}.${j}` })),
      ]);
      for (const status of statuses) expect([200, 201]).toContain(status);
      name = next;
    }
    expect(await send(`/repos/alice/${name}`, 'PATCH', { name: 'lo' })).toBe(200);
  });
});
