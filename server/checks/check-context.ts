// What check run and suite bodies need besides their rows, loaded once for a
// whole list: each app's `integration` body, the open pull requests whose head
// is each commit (GitHub's `pull_requests`), and, for suites, each head commit.
import type { Sql, TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { integrationView } from '../apps/app-views.js';
import type { AppRow } from '../apps/apps-store.js';
import { commitInfo, isCommit, type CommitInfo } from '../repos/git-commits.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';

type Db = Sql | TransactionSql;

export interface PullMinimal {
  id: number;
  number: number;
  url: string;
  head: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
  base: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
}

export interface CheckContext {
  repo: RepositoryRow;
  urls: Urls;
  apps: Map<number, ReturnType<typeof integrationView>>;
  pulls: Map<string, PullMinimal[]>;
  commits: Map<string, CommitInfo | null>;
}

async function appViews(db: Db, appIds: number[], urls: Urls): Promise<CheckContext['apps']> {
  if (appIds.length === 0) return new Map();
  const rows = await db<
    (AppRow & {
      owner_login: string;
      owner_kind: 'User' | 'Organization';
      owner_site_admin: boolean;
      installations: number;
    })[]
  >`
    SELECT p.*, o.login AS owner_login, o.kind AS owner_kind, o.site_admin AS owner_site_admin,
           (SELECT count(*)::int FROM installations i WHERE i.app_id = p.id) AS installations
    FROM apps p JOIN accounts o ON o.id = p.owner_id WHERE p.id = ANY(${appIds})`;
  return new Map(
    rows.map((r) => [
      r.id,
      integrationView(
        r,
        { id: r.owner_id, login: r.owner_login, kind: r.owner_kind, site_admin: r.owner_site_admin },
        r.installations,
        urls,
      ),
    ]),
  );
}

async function openPulls(db: Db, repo: RepositoryRow, shas: string[], urls: Urls): Promise<CheckContext['pulls']> {
  const out = new Map<string, PullMinimal[]>(shas.map((sha) => [sha, []]));
  if (shas.length === 0) return out;
  const rows = await db<
    {
      id: number;
      number: number;
      head_ref: string;
      head_sha: string;
      base_ref: string;
      base_sha: string;
      head_repo_id: number | null;
      head_repo_name: string | null;
      head_owner: string | null;
    }[]
  >`
    SELECT i.id, i.number, p.head_ref, p.head_sha, p.base_ref, p.base_sha,
           h.id AS head_repo_id, h.name AS head_repo_name, ho.login AS head_owner
    FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    LEFT JOIN repositories h ON h.id = p.head_repository_id LEFT JOIN accounts ho ON ho.id = h.owner_id
    WHERE p.repository_id = ${repo.id} AND p.head_sha = ANY(${shas}) AND i.state = 'open'
    ORDER BY i.number`;
  const base = { id: repo.id, url: urls.api(`/repos/${repo.owner_login}/${repo.name}`), name: repo.name };
  for (const r of rows) {
    const headRepo =
      r.head_repo_id !== null
        ? { id: r.head_repo_id, url: urls.api(`/repos/${r.head_owner}/${r.head_repo_name}`), name: r.head_repo_name! }
        : base;
    out.get(r.head_sha)?.push({
      id: r.id,
      number: r.number,
      url: urls.api(`/repos/${repo.owner_login}/${repo.name}/pulls/${r.number}`),
      head: { ref: r.head_ref, sha: r.head_sha, repo: headRepo },
      base: { ref: r.base_ref, sha: r.base_sha, repo: base },
    });
  }
  return out;
}

async function headCommits(
  git: GitRepositories,
  repositoryId: number,
  shas: string[],
): Promise<CheckContext['commits']> {
  const out = new Map<string, CommitInfo | null>();
  for (const sha of shas)
    out.set(sha, (await isCommit(git, repositoryId, sha)) ? await commitInfo(git, repositoryId, sha) : null);
  return out;
}

export async function loadCheckContext(
  db: Db,
  repo: RepositoryRow,
  urls: Urls,
  of: { appIds: number[]; shas: string[]; git?: GitRepositories },
): Promise<CheckContext> {
  const appIds = [...new Set(of.appIds)];
  const shas = [...new Set(of.shas)];
  return {
    repo,
    urls,
    apps: await appViews(db, appIds, urls),
    pulls: await openPulls(db, repo, shas, urls),
    commits: of.git ? await headCommits(of.git, repo.id, shas) : new Map(),
  };
}
