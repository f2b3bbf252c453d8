// GET …/pulls/{n} bodies kept between requests. The full body (the issue's
// fields plus head and base with two full repository views, some 15 KB) cost
// more to build, stringify and hash for its ETag than everything else in the
// request (npm run bench: 0.06× bare). It is a pure function of the rows read
// (issue and pull request, taken as their JSON: any change to either, a
// label, a push moving head_sha, a new comment count, gives another version),
// of the base repository's row and of the URLs. It is kept in the base
// repository's cached entry (RepositoryStore.cachedView), which a change to
// that repository drops; the same body object also lets the runner reuse its
// serialization and ETag. A head in another repository (a fork) is built
// every time: that repository's changes would not reach this entry.
import type { RepositoryRow } from '../repos/repositories-store.js';
import type { Services } from '../services.js';
import type { PullRow } from './pull-rows.js';
import { pullRequestView, type RepositoryLookup } from './pull-view.js';

interface Slot { version: string | null; body: ReturnType<typeof pullRequestView> | null }

export function cachedPullRequestView(services: Services, repo: RepositoryRow, row: PullRow, repos: RepositoryLookup) {
  const build = () => pullRequestView(row, repos, services.urls);
  const head = row.pull.head_repository_id;
  if (head !== null && head !== repo.id) return build();
  const slot = services.repos.cachedView<Slot>(repo, `pull-get:${row.issue.id}`, () => ({ version: null, body: null }));
  const version = JSON.stringify(row);
  if (slot.version !== version || slot.body === null) {
    slot.body = build();
    slot.version = version;
  }
  return slot.body;
}
