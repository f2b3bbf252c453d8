// Review requests for code owners when a pull request opens, as GitHub makes
// them: the CODEOWNERS file of the base branch decides, each changed file's
// owning rule names its owners, and every owner who may own (push access)
// other than the author is asked once, and so is every owning team of the
// organization with push access. At most MAX_CODEOWNER_REQUESTS users and as
// many teams are asked (GitHub's limit on requested reviewers is 100 a pull request). The
// changed files are listed only when there is a CODEOWNERS file.
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { codeownersAt } from './codeowners-file.js';
import { CodeownersMatcher } from './codeowners-match.js';
import { resolveOwners } from './codeowners-owners.js';
import { parseCodeowners } from './codeowners-parse.js';

export const MAX_CODEOWNER_REQUESTS = 100;

/** The code owners of the changed paths at `baseSha`: users and teams, each in the order first owned; the caller leaves the author out. */
export async function codeownerReviewers(
  sql: Sql,
  git: GitRepositories,
  repo: RepositoryRow,
  baseSha: string,
  changedPaths: () => Promise<readonly string[]>,
): Promise<CodeownerReviewers> {
  const none = { users: [], teams: [] };
  const file = await codeownersAt(git, repo.id, baseSha);
  if (!file) return none;
  const parsed = parseCodeowners(file.text);
  if (!parsed.rules.some((rule) => rule.owners.length > 0)) return none;
  const matcher = new CodeownersMatcher(parsed.rules);
  const owners = await resolveOwners(sql, repo, parsed);
  const paths = await changedPaths();
  const users = new Map<number, { id: number; login: string }>();
  const teams = new Map<number, { id: number; slug: string }>();
  for (const path of paths) {
    for (const owner of matcher.ruleFor(path)?.owners ?? []) {
      const account = owners.accountOf(owner);
      if (account && users.size <= MAX_CODEOWNER_REQUESTS)
        users.set(account.id, { id: account.id, login: account.login });
      const team = owners.teamOf(owner);
      if (team && teams.size < MAX_CODEOWNER_REQUESTS) teams.set(team.id, team);
      // One user more than the cap, so that leaving the author out still leaves the cap.
      if (users.size > MAX_CODEOWNER_REQUESTS && teams.size >= MAX_CODEOWNER_REQUESTS) break;
    }
  }
  return { users: [...users.values()], teams: [...teams.values()] };
}

export interface CodeownerReviewers {
  users: { id: number; login: string }[];
  teams: { id: number; slug: string }[];
}

/** The user code owners alone (codeownerReviewers' users). */
export async function codeownerLogins(
  sql: Sql,
  git: GitRepositories,
  repo: RepositoryRow,
  baseSha: string,
  changedPaths: () => Promise<readonly string[]>,
): Promise<{ id: number; login: string }[]> {
  return (await codeownerReviewers(sql, git, repo, baseSha, changedPaths)).users;
}
