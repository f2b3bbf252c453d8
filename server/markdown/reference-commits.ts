// Commit references: 7–40 hex digits name a commit of the context repository,
// `owner/repo@sha` a commit of another one, linked where git has that commit.
// For `owner/repo@sha`, the repositories are found, and their visibility
// decided, in one statement (the access policy's readableRepositories, as for
// issue references); then one `git cat-file --batch-check` per repository, for
// at most MAX_COMMIT_REPOSITORIES repositories a document names (the rest stay
// text), so a document cannot make the server start a git process per reference.
import { readableRepositories } from '../access/search-visibility-sql.js';
import type { ContextRepository, Links, LookupDeps } from './reference-lookup.js';
import type { Reference } from './reference-scan.js';

/** Bounded work: distinct repositories whose commits one document may link. */
export const MAX_COMMIT_REPOSITORIES = 10;

type RepoCommit = Reference & { kind: 'repo-commit' };

/** Links `keys[i]` to the commit `shas[i]` names in `repository`, where it is a commit there: one git process. */
export async function commitLinks(
  deps: LookupDeps,
  repository: ContextRepository | null,
  shas: string[],
  keys: string[],
  links: Links,
): Promise<void> {
  if (shas.length === 0 || !repository) return;
  let out: string;
  try {
    out = await deps.git.git(
      repository.id,
      ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
      `${shas.join('\n')}\n`,
    );
  } catch {
    return; // No repository on disk (not yet initialised): no commit to link.
  }
  // One answer line per asked name, in order: `<sha> commit`, or `<name> missing` / `<name> ambiguous`.
  out.split('\n').forEach((line, i) => {
    const [sha, type] = line.split(' ');
    if (type === 'commit' && keys[i])
      links.set(keys[i]!, deps.urls.html(`/${repository.owner}/${repository.repo}/commit/${sha}`));
  });
}

export async function crossRepositoryCommitLinks(
  deps: LookupDeps,
  wanted: Map<string, RepoCommit>,
  links: Links,
): Promise<void> {
  // Keys by repository (lower-cased `owner/repo`), in document order, the first few repositories only.
  const byRepository = new Map<string, { owner: string; repo: string; keys: string[]; shas: string[] }>();
  for (const [key, reference] of wanted) {
    const name = `${reference.owner}/${reference.repo}`.toLowerCase();
    let group = byRepository.get(name);
    if (!group) {
      if (byRepository.size >= MAX_COMMIT_REPOSITORIES) continue;
      group = { owner: reference.owner.toLowerCase(), repo: reference.repo.toLowerCase(), keys: [], shas: [] };
      byRepository.set(name, group);
    }
    group.keys.push(key);
    group.shas.push(reference.sha);
  }
  if (byRepository.size === 0) return;
  const { sql, principal } = deps;
  const groups = [...byRepository.values()];
  const rows = await sql<{ id: number; login: string; name: string }[]>`
    SELECT r.id, o.login, r.name
    FROM unnest(${groups.map((g) => g.owner)}::text[], ${groups.map((g) => g.repo)}::text[]) AS w(owner, repo)
    JOIN accounts o ON lower(o.login) = w.owner
    JOIN repositories r ON r.owner_id = o.id AND lower(r.name) = w.repo
    WHERE ${readableRepositories(sql, principal)}`;
  await Promise.all(
    rows.map((row) => {
      const repository: ContextRepository = { id: Number(row.id), owner: row.login, repo: row.name };
      const group = byRepository.get(`${row.login}/${row.name}`.toLowerCase())!;
      return commitLinks(deps, repository, group.shas, group.keys, links);
    }),
  );
}
