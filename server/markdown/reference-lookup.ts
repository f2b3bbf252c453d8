// Which references name something that exists and that the caller may read,
// and where each links: one statement per kind (issues, accounts) and one
// `git cat-file --batch-check` per repository for commits (reference-commits.ts),
// however many references a document has. Visibility is the access policy's
// (search-visibility-sql.ts), the same rule as search, so a link never reveals
// a private issue or repository.
import type { Principal } from '../auth/principal.js';
import { readableKinds, readableRepositories } from '../access/search-visibility-sql.js';
import type { Sql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import { commitLinks, crossRepositoryCommitLinks } from './reference-commits.js';
import type { Reference } from './reference-scan.js';

export interface ContextRepository {
  id: number;
  owner: string;
  repo: string;
}

export interface LookupDeps {
  sql: Sql;
  git: GitRepositories;
  urls: Urls;
  principal: Principal;
}

/** The repository `owner/repo` names, if the caller reads it; else null (references then resolve as without one). */
export async function contextRepository(deps: LookupDeps, fullName: string): Promise<ContextRepository | null> {
  const [owner, repo, ...rest] = fullName.split('/');
  if (!owner || !repo || rest.length > 0) return null;
  const { sql, principal } = deps;
  const [row] = await sql<{ id: number; login: string; name: string }[]>`
    SELECT r.id, o.login, r.name FROM repositories r JOIN accounts o ON o.id = r.owner_id
    WHERE lower(o.login) = ${owner.toLowerCase()} AND lower(r.name) = ${repo.toLowerCase()}
      AND ${readableRepositories(sql, principal)}`;
  return row ? { id: Number(row.id), owner: row.login, repo: row.name } : null;
}

export type Links = Map<string, string>;

async function issueLinks(deps: LookupDeps, wanted: string[], links: Links): Promise<void> {
  if (wanted.length === 0) return;
  const { sql, principal, urls } = deps;
  const parts = wanted.map((key) => /^(.+)\/(.+)#(\d+)$/.exec(key)!);
  const rows = await sql<{ login: string; name: string; number: number; is_pull: boolean }[]>`
    SELECT o.login, r.name, i.number, EXISTS (SELECT 1 FROM pull_requests p WHERE p.issue_id = i.id) AS is_pull
    FROM unnest(${parts.map((p) => p[1]!)}::text[], ${parts.map((p) => p[2]!)}::text[],
      ${parts.map((p) => Number(p[3]))}::int[]) AS w(owner, repo, number)
    JOIN accounts o ON lower(o.login) = w.owner
    JOIN repositories r ON r.owner_id = o.id AND lower(r.name) = w.repo
    JOIN issues i ON i.repository_id = r.id AND i.number = w.number
    WHERE ${readableRepositories(sql, principal)} AND ${readableKinds(sql, principal)}`;
  for (const row of rows) {
    const path = `/${row.login}/${row.name}/${row.is_pull ? 'pull' : 'issues'}/${row.number}`;
    links.set(`${row.login}/${row.name}#${row.number}`.toLowerCase(), urls.html(path));
  }
}

async function userLinks(deps: LookupDeps, wanted: string[], links: Links): Promise<void> {
  if (wanted.length === 0) return;
  const logins = wanted.map((key) => key.slice(1));
  const rows = await deps.sql<{ login: string }[]>`SELECT login FROM accounts WHERE lower(login) = ANY(${logins})`;
  for (const row of rows) links.set(`@${row.login.toLowerCase()}`, deps.urls.html(`/${row.login}`));
}

/** The URL of each reference key that resolves (keys from reference-scan.ts's referenceKey). */
export async function resolveReferences(
  deps: LookupDeps,
  context: ContextRepository | null,
  keys: Map<string, Reference>,
): Promise<Links> {
  const byKind = { issue: [] as string[], user: [] as string[], commit: [] as string[] };
  const repoCommits = new Map<string, Reference & { kind: 'repo-commit' }>();
  for (const [key, reference] of keys)
    if (reference.kind === 'repo-commit') repoCommits.set(key, reference);
    else byKind[reference.kind].push(key);
  const links: Links = new Map();
  await Promise.all([
    issueLinks(deps, byKind.issue, links),
    userLinks(deps, byKind.user, links),
    commitLinks(deps, context, byKind.commit, byKind.commit, links),
    crossRepositoryCommitLinks(deps, repoCommits, links),
  ]);
  return links;
}

/** contextRepository for many `owner/repo` names in one statement: the readable ones, by lower-cased name. */
export async function contextRepositories(
  deps: LookupDeps,
  fullNames: readonly string[],
): Promise<Map<string, ContextRepository>> {
  const found = new Map<string, ContextRepository>();
  const pairs = fullNames.map((name) => name.toLowerCase().split('/')).filter((p) => p.length === 2 && p[0] && p[1]);
  if (pairs.length === 0) return found;
  const { sql, principal } = deps;
  const rows = await sql<{ id: number; login: string; name: string }[]>`
    SELECT r.id, o.login, r.name
    FROM unnest(${pairs.map((p) => p[0]!)}::text[], ${pairs.map((p) => p[1]!)}::text[]) AS w(owner, repo)
    JOIN accounts o ON lower(o.login) = w.owner
    JOIN repositories r ON r.owner_id = o.id AND lower(r.name) = w.repo
    WHERE ${readableRepositories(sql, principal)}`;
  for (const row of rows)
    found.set(`${row.login}/${row.name}`.toLowerCase(), { id: Number(row.id), owner: row.login, repo: row.name });
  return found;
}
