// GET /repos/{o}/{r}/codeowners/errors: the syntax errors of the CODEOWNERS
// file at a commit, and its owners that do not exist or lack write access
// (GitHub's "Unknown owner"), in GitHub's shape, in line order. No file: no
// errors.
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { codeownersAt } from './codeowners-file.js';
import { resolveOwners } from './codeowners-owners.js';
import { codeownersMessage, parseCodeowners } from './codeowners-parse.js';

export interface CodeownersErrorView {
  line: number;
  column: number;
  source: string;
  kind: string;
  suggestion: string | null;
  message: string;
  path: string;
}

export async function codeownersErrors(
  sql: Sql,
  git: GitRepositories,
  repo: RepositoryRow,
  commit: string,
): Promise<CodeownersErrorView[]> {
  const file = await codeownersAt(git, repo.id, commit);
  if (!file) return [];
  const parsed = parseCodeowners(file.text);
  const owners = await resolveOwners(sql, repo, parsed);
  const found: Omit<CodeownersErrorView, 'message' | 'path'>[] = [...parsed.errors];
  for (const rule of parsed.rules) {
    for (const owner of rule.owners) {
      if (owners.accountOf(owner) || owners.teamOf(owner)) continue;
      found.push({
        line: rule.line,
        column: owner.column,
        source: parsed.lines[rule.line - 1]!,
        kind: 'Unknown owner',
        suggestion: `make sure ${owner.text} exists and has write access to the repository`,
      });
    }
  }
  return found
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((error) => ({
      ...error,
      message: codeownersMessage(error),
      path: file.path,
    }));
}
