// Generated release notes (GitHub's "generate release notes"): the pull
// requests merged between the previous tag and this one, in GitHub's
// markdown. A pull request belongs to the range when its merge commit (the
// merge, squash or last rebased commit Wharf recorded) is reachable from the
// new tag and not from the previous one. The sections, each present only
// when it has content: the configuration comment (release-notes-config.ts),
// `## What's Changed`, `## New Contributors`
// (release-notes-contributors.ts), `**Full Changelog**`.
import { validationFailed } from '../errors/domain-error.js';
import type { Sql } from '../db/database.js';
import { isAncestor } from '../repos/git-commits.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { changelogSection, includedPulls, loadNotesConfig, type NotesPull } from './release-notes-config.js';
import { firstContributions, newContributorsSection } from './release-notes-contributors.js';
import { resolveTarget } from './release-tag.js';

/** Commits of the range considered: a release spanning more is summarized by its newest pull requests. */
const MAX_RANGE_COMMITS = 10_000;

export interface NotesRequest {
  tag_name: string;
  target_commitish?: string;
  previous_tag_name?: string;
  configuration_file_path?: string;
}

const invalid = (field: string) => validationFailed([{ resource: 'Release', code: 'invalid', field }]);
const tagCommit = (services: Services, repo: RepositoryRow, tag: string) =>
  services.git.commitOf(repo.id, `refs/tags/${tag}`);

export async function generateNotes(
  services: Services,
  repo: RepositoryRow,
  request: NotesRequest,
): Promise<{ name: string; body: string }> {
  const tagged = await tagCommit(services, repo, request.tag_name);
  const head = tagged ?? (await resolveTarget(services, repo, request.target_commitish ?? repo.default_branch));
  if (!head) throw invalid('target_commitish');
  // GitHub's "current target": the tag once it exists, else where it would be made.
  const target = tagged ? request.tag_name : (request.target_commitish ?? repo.default_branch);
  const config = await loadNotesConfig(services, repo, head, request.configuration_file_path);
  let previous: { tag: string; sha: string } | null = null;
  if (request.previous_tag_name !== undefined) {
    const sha = await tagCommit(services, repo, request.previous_tag_name);
    if (!sha) throw invalid('previous_tag_name');
    previous = { tag: request.previous_tag_name, sha };
  } else {
    previous = await previousRelease(services, repo, request.tag_name, head);
  }
  const range = `${[head, ...(previous ? [`^${previous.sha}`] : [])].join('\n')}\n`;
  const shas = (await services.git.git(repo.id, ['rev-list', `--max-count=${MAX_RANGE_COMMITS}`, '--stdin'], range))
    .split('\n')
    .filter(Boolean);
  const merged = await mergedPulls(services.sql, repo.id, shas);
  const pulls = includedPulls(merged, config);
  const html = (path: string) => services.urls.html(`/${repo.owner_login}/${repo.name}${path}`);
  const pullUrl = (p: NotesPull) => html(`/pull/${p.number}`);
  const changelog =
    previous === null ? html(`/commits/${request.tag_name}`) : html(`/compare/${previous.tag}...${request.tag_name}`);
  const sections = [
    config ? `<!-- Release notes generated using configuration in ${config.path} at ${target} -->` : '',
    changelogSection(pulls, config, (p) => `* ${p.title} by @${p.login ?? 'ghost'} in ${pullUrl(p)}`),
    // Over every merged pull request of the range: a configuration's exclusions shape the changelog only.
    newContributorsSection(await firstContributions(services.sql, repo.id, merged), pullUrl),
    `**Full Changelog**: ${changelog}`,
  ];
  return { name: request.tag_name, body: sections.filter(Boolean).join('\n\n') };
}

/** The newest published release (another tag) whose tag is an ancestor of `head`. */
async function previousRelease(
  services: Services,
  repo: RepositoryRow,
  tag: string,
  head: string,
): Promise<{ tag: string; sha: string } | null> {
  const rows = await services.sql<{ tag_name: string }[]>`SELECT tag_name FROM releases
    WHERE repository_id = ${repo.id} AND NOT draft AND tag_name <> ${tag} ORDER BY created_at DESC, id DESC LIMIT 20`;
  for (const { tag_name } of rows) {
    const sha = await tagCommit(services, repo, tag_name);
    if (sha && (await isAncestor(services.git, repo.id, sha, head))) return { tag: tag_name, sha };
  }
  return null;
}

async function mergedPulls(sql: Sql, repositoryId: number, shas: string[]): Promise<NotesPull[]> {
  if (shas.length === 0) return [];
  return sql<NotesPull[]>`SELECT i.number, i.title, a.login, i.user_id,
      ARRAY(SELECT l.name FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id ORDER BY l.name) AS labels
    FROM pull_requests p JOIN issues i ON i.id = p.issue_id LEFT JOIN accounts a ON a.id = i.user_id
    WHERE p.repository_id = ${repositoryId} AND p.merged_at IS NOT NULL AND p.merge_commit_sha = ANY(${shas})
    ORDER BY p.merged_at, i.number`;
}
