// GET /user/repos reads each owner's repositories through an index, and pages
// past the middle from the end (repository-list.ts): every page, in every
// sort and direction, must still be the slice of one total order over the
// user's own, their orgs' and their collaborations' repositories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let dave: TestUser;
// Whole hours: the API's timestamps (whole seconds) then order rows as the database does.
const BASE = '2026-01-01T00:00:00Z';

interface Listed {
  id: number;
  full_name: string;
  private: boolean;
  created_at: string;
  updated_at: string;
  pushed_at: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  dave = await server.createUser('dave');
  const other = await server.createUser('erin');
  // `dave-b` sorts before `dave/…` byte-wise ('-' < '/'): the full-name order's edge.
  const org = await server.createOrg('dave-b', dave.id);
  const zed = await server.createUser('zed');
  await server.sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${zed.id}, 'member') ON CONFLICT DO NOTHING`;
  const insert = (ownerId: number, prefix: string, count: number) => server.sql<{ id: number }[]>`
    INSERT INTO repositories (owner_id, name, private, created_at, updated_at, pushed_at)
    SELECT ${ownerId}, ${prefix} || g, g % 4 = 0, ${BASE}::timestamptz - (g % 5) * interval '1 hour', ${BASE}::timestamptz - (g % 3) * interval '1 hour',
           CASE WHEN g % 3 = 0 THEN NULL ELSE ${BASE}::timestamptz - (g % 7) * interval '1 hour' END
    FROM generate_series(1, ${count}) g RETURNING id`;
  await insert(dave.id, 'Repo-', 11);
  await insert(org.id, 'org-', 7);
  const shared = await insert(other.id, 'shared-', 3);
  for (const { id } of shared)
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${id}, ${dave.id}, 'write')`;
  await insert(other.id, 'not-dave-', 2);
});
afterAll(async () => server.close());

async function all(query: string, perPage: number): Promise<Listed[]> {
  const listed: Listed[] = [];
  for (let page = 1; ; page++) {
    const res = await server.api(`/user/repos?${query}&per_page=${perPage}&page=${page}`, { token: dave.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Listed[];
    if (body.length === 0) return listed;
    listed.push(...body);
  }
}

/** The order GitHub's parameters ask for, computed here from the full list (never-pushed last: the API shows created_at for them). */
async function expected(rows: Listed[], sort: string, direction: 'asc' | 'desc'): Promise<number[]> {
  const pushed = new Map(
    (
      await server.sql<{ id: number; pushed_at: Date | null }[]>`
    SELECT id, pushed_at FROM repositories WHERE id = ANY(${rows.map((r) => r.id)})`
    ).map((r) => [r.id, r.pushed_at?.getTime() ?? null]),
  );
  const key = (r: Listed): string | number | null =>
    sort === 'full_name'
      ? r.full_name.toLowerCase()
      : sort === 'pushed'
        ? pushed.get(r.id)!
        : Date.parse(sort === 'created' ? r.created_at : r.updated_at);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka === null || kb === null) return ka === kb ? sign * (a.id - b.id) : ka === null ? 1 : -1;
      return ka === kb ? sign * (a.id - b.id) : sign * (ka < kb ? -1 : 1);
    })
    .map((r) => r.id);
}

describe('GET /user/repos', () => {
  it('lists own, org and collaboration repositories, each once', async () => {
    const names = (await all('sort=full_name', 100)).map((r) => r.full_name);
    expect(names).toHaveLength(11 + 7 + 3);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n.startsWith('erin/not-dave'))).toEqual([]);
    expect(names[0]).toBe('dave-b/org-1');
  });

  for (const sort of ['full_name', 'created', 'updated', 'pushed']) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`pages through sort=${sort}&direction=${direction} in one order, from either end`, async () => {
        const query = `sort=${sort}&direction=${direction}`;
        const reference = await all(query, 100);
        const paged = await all(query, 4);
        expect(paged.map((r) => r.id)).toEqual(await expected(reference, sort, direction));
      });
    }
  }

  it('keeps visibility and the count (Link last) in step with the rows', async () => {
    const publicOnly = await all('visibility=public', 5);
    expect(publicOnly.every((r) => !r.private)).toBe(true);
    const first = await server.api('/user/repos?visibility=public&per_page=5', { token: dave.token });
    const last = Number(/page=(\d+)>; rel="last"/.exec(first.headers.get('link')!)![1]);
    expect(last).toBe(Math.ceil(publicOnly.length / 5));
    expect(await all('visibility=private', 5)).toEqual((await all('sort=full_name', 100)).filter((r) => r.private));
  });
});
