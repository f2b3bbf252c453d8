// Required code-owner reviews (branch protection's require_code_owner_reviews),
// as GitHub decides them: the CODEOWNERS file of the base commit, and for each
// changed file the rule owning it; a rule naming owners who may own (push
// access) needs an approval from one of them. A rule whose owners are none
// Wharf can resolve (teams, unknown users) asks for nothing, as GitHub
// ignores owners that cannot own. The changed files are read only when the
// base has a CODEOWNERS file with owners.
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { codeownersAt } from './codeowners-file.js';
import { CodeownersMatcher } from './codeowners-match.js';
import { resolveOwners } from './codeowners-owners.js';
import { parseCodeowners } from './codeowners-parse.js';

/**
 * The logins of the owners still to approve, one rule's owners at a time
 * (empty: every owned changed file has an approval from one of its owners).
 */
export async function codeownersAwaited(
  sql: Sql,
  git: GitRepositories,
  repo: RepositoryRow,
  baseSha: string,
  changedPaths: () => Promise<readonly string[]>,
  approvers: ReadonlySet<number>,
): Promise<string[][]> {
  const file = await codeownersAt(git, repo.id, baseSha);
  if (!file) return [];
  const parsed = parseCodeowners(file.text);
  if (!parsed.rules.some((rule) => rule.owners.length > 0)) return [];
  const matcher = new CodeownersMatcher(parsed.rules);
  const owners = await resolveOwners(sql, repo, parsed);
  const awaited = new Map<number, string[]>();
  for (const path of await changedPaths()) {
    const rule = matcher.ruleFor(path);
    if (!rule || awaited.has(rule.line)) continue;
    const accounts = rule.owners.flatMap((owner) => owners.accountOf(owner) ?? []);
    if (accounts.length === 0 || accounts.some((account) => approvers.has(account.id))) continue;
    awaited.set(
      rule.line,
      accounts.map((account) => account.login),
    );
  }
  return [...awaited.values()];
}
