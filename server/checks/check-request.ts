// What a change to a repository's checks needs: the server's pieces, the
// repository and the `sender` of its events (the caller). And the one way the
// checks capability writes: the change and its events (check-events.ts) in
// one transaction, so no event goes out for a change that rolled back.
import type { Sql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { CheckEventScope } from './check-events.js';

export interface CheckRequest {
  sql: Sql;
  git: GitRepositories;
  urls: Urls;
  repo: RepositoryRow;
  /** The `sender` of the events: the caller. */
  sender: unknown;
}

export function inCheckTransaction<T>(req: CheckRequest, work: (scope: CheckEventScope) => Promise<T>): Promise<T> {
  const { sql, git, urls, repo, sender } = req;
  return sql.begin((tx) => work({ tx, git, repo, urls, sender })) as Promise<T>;
}
