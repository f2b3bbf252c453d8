// The one way a change is written: its rows and its outbox events (webhook
// deliveries, cache notices) in one transaction, so no event is sent for a
// change that rolled back and no change commits without its events. REST
// handlers and GraphQL mutations both call it; `work` gets the transaction
// and what the events need (the repository, the caller, the URLs).
//
// A change that touches the repository's row (its open issue count) says so
// with `repositoryRowChanged()`: the notice to other processes is published in
// the transaction, and this process drops its cached copy here, after commit
// (never on a rollback, when the cached row is still right).
//
// It also hands the issue services what a pull request's issue changes emit
// (`pull_request` events, pulls/pull-issue-events.ts, from the composition
// root server/services.ts): issues/ sits below pulls/ and cannot import it.
import type { Principal } from '../auth/principal.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';

export async function inTransaction<T>(
  services: Pick<Services, 'sql' | 'urls' | 'repos' | 'issueChangesAsPull'>,
  repo: RepositoryRow,
  principal: Principal,
  work: (events: EventContext) => Promise<T>,
): Promise<T> {
  const { sql, urls, repos, issueChangesAsPull } = services;
  const changedRows = new Set<number>();
  const result = (await sql.begin((tx) =>
    work({
      tx,
      repo,
      principal,
      urls,
      repositoryRowChanged: () => changedRows.add(repo.id),
      issueChangesAsPull,
    }),
  )) as T;
  for (const id of changedRows) repos.changedLocally(id);
  return result;
}
