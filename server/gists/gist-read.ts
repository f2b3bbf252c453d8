// Reading gists into GitHub's bodies: one gist at its head or a revision
// (files with content, `history`, `forks`, `fork_of`), or a page of gists
// (files without content). The git reads are bounded by the gist limits
// (gist-limits.ts); `history` and `forks` are capped here.
import { publicCounts } from '../accounts/public-repositories.js';
import { isoSeconds } from '../views/timestamps.js';
import { publicUser, simpleUser } from '../repos/user-view.js';
import type { Services } from '../services.js';
import {
  gistHead,
  gistRepositories,
  gistVersions,
  listGistFiles,
  readGistContents,
  type GistEntry,
  type GistVersion,
} from './gist-git.js';
import { baseGist } from './gist-view.js';
import { commentCounts, newestForks } from './gists-list-store.js';
import { findGistById, type GistRow } from './gists-store.js';

/** Revisions a single-gist body lists (`GET …/commits` pages through all). */
export const HISTORY_IN_BODY = 100;
/** Forks a single-gist body lists (`GET …/forks` pages through all). */
export const FORKS_IN_BODY = 10;

async function filesAt(services: Services, row: GistRow, rev: string | null): Promise<GistEntry[]> {
  const git = gistRepositories(services.config.dataDir);
  const commit = rev ?? (await gistHead(git, row.id));
  return commit ? listGistFiles(git, row.id, commit) : [];
}

/** history entries: the revision's author by email, else the owner (only the owner writes a gist). */
export async function historyView(services: Services, row: GistRow, versions: readonly GistVersion[]) {
  const emails = [...new Set(versions.map((v) => v.authorEmail.toLowerCase()).filter(Boolean))];
  const byEmail = await services.accounts.usersByEmails(emails);
  const owner = { id: row.owner_id, login: row.owner_login, kind: row.owner_kind, site_admin: row.owner_site_admin };
  return versions.map((v) => {
    const account = byEmail.get(v.authorEmail.toLowerCase());
    return {
      user: simpleUser(account ?? owner, services.urls),
      version: v.version,
      committed_at: isoSeconds(v.committedAt),
      change_status: { total: v.additions + v.deletions, additions: v.additions, deletions: v.deletions },
      url: services.urls.api(`/gists/${row.name}/${v.version}`),
    };
  });
}

/** gist-simple for one gist at its head (rev null) or at revision `rev` (a full sha of its history). */
export async function singleGist(services: Services, row: GistRow, rev: string | null = null) {
  const git = gistRepositories(services.config.dataDir);
  const head = rev ?? (await gistHead(git, row.id));
  const entries = head ? await listGistFiles(git, row.id, head) : [];
  const contents = await readGistContents(git, row.id, entries);
  const comments = (await commentCounts(services.sql, [row.id])).get(row.id) ?? 0;
  const versions = head ? await gistVersions(git, row.id, head, HISTORY_IN_BODY, 0) : [];
  const forks = await newestForks(services.sql, row.id, FORKS_IN_BODY);
  const owners = await services.accounts.byIds(forks.map((f) => f.owner_id));
  const forkViews = [];
  for (const fork of forks) {
    const account = owners.get(fork.owner_id);
    if (!account) continue;
    forkViews.push({
      id: fork.name,
      url: services.urls.api(`/gists/${fork.name}`),
      user: publicUser(account, await publicCounts(services.sql, account.id), services.urls),
      created_at: isoSeconds(fork.created_at),
      updated_at: isoSeconds(fork.updated_at),
    });
  }
  const parent = row.fork_of_id === null ? null : await findGistById(services.sql, row.fork_of_id);
  const forkOf = parent
    ? baseGist(
        parent,
        await filesAt(services, parent, null),
        (await commentCounts(services.sql, [parent.id])).get(parent.id) ?? 0,
        services.urls,
      )
    : null;
  return {
    ...baseGist(row, entries, comments, services.urls, contents),
    forks: forkViews,
    history: await historyView(services, row, versions),
    ...(forkOf ? { fork_of: forkOf } : {}),
  };
}

/** base-gist bodies for a page of gists (files listed, without content). */
export async function gistPage(services: Services, rows: readonly GistRow[]) {
  const comments = await commentCounts(
    services.sql,
    rows.map((r) => r.id),
  );
  const bodies = [];
  for (const row of rows)
    bodies.push(baseGist(row, await filesAt(services, row, null), comments.get(row.id) ?? 0, services.urls));
  return bodies;
}
