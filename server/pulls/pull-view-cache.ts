// GET …/pulls/{n} bodies kept between requests. The full body (the issue's
// fields plus head and base with full repository views, some 15 KB) cost more
// to read (three statements), build, stringify and hash for its ETag than
// everything else in the request (npm run bench: 0.06× bare). So a body is
// kept per pull request with the issue-list generations it was built under
// (migration 018: bumped by triggers in the transaction of every change to
// issues, pull_requests, comments, assignees, labels, milestones, accounts,
// repository names; migration 020 added pull_requests) and the base
// repository's cached row object (RepositoryStore replaces it on any change:
// description, pushed_at, …). A request reads the generations (one batched
// statement, issue-list-generations.ts) and reuses the body, whose
// serialization and ETag the runner keeps per object. The generations are
// read before the rows, so a change that commits meanwhile makes the entry
// outdated, never a stale body current. A head in another repository (a
// fork) is built every time: that repository's row is not tracked here.
// The body does not depend on the viewer (the read check is done before).
import type { Sql } from '../db/database.js';
import { GenerationReader } from '../issues/issue-list-generations.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Urls } from '../http/urls.js';
import type { PullRow } from './pull-rows.js';
import { pullRequestView, type RepositoryLookup } from './pull-view.js';

type Body = ReturnType<typeof pullRequestView>;
interface Entry {
  generations: string;
  repo: RepositoryRow;
  body: Body;
}

/** Bodies kept per server (some 15 KB each with their serialization). */
const MAX_ENTRIES = 1000;

export class PullViewCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations: GenerationReader;

  constructor(sql: Sql) {
    this.generations = new GenerationReader(sql);
  }

  /** The body of pull request `number` of `repo`: the kept one while current, else built from `load()` (null: 404). */
  async view(
    repo: RepositoryRow,
    number: number,
    urls: Urls,
    load: () => Promise<{ row: PullRow; repos: RepositoryLookup } | null>,
  ): Promise<Body | null> {
    const key = `${repo.id}/${number}`;
    const generations = await this.generations.read(repo.id);
    const entry = this.entries.get(key);
    if (entry && entry.generations === generations && entry.repo === repo) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.body;
    }
    const loaded = await load();
    if (!loaded) return null;
    const body = pullRequestView(loaded.row, loaded.repos, urls);
    const head = loaded.row.pull.head_repository_id;
    if (head === null || head === repo.id) {
      this.entries.delete(key);
      this.entries.set(key, { generations, repo, body });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return body;
  }
}

const caches = new WeakMap<object, PullViewCache>();

export function pullViewCache(services: { sql: Sql }): PullViewCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new PullViewCache(services.sql)));
  return cache;
}
