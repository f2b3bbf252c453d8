// Finding the object a git data request names: a full sha (any case) of the
// expected type, else 404, or 409 "Git Repository is empty." as GitHub
// answers every git data request on a repository without commits.
import { conflict, notFound } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import { objectInfo, type GitObjectType, type ObjectInfo } from '../repos/git-objects.js';

export const repositoryEmpty = () => conflict('Git Repository is empty.');

export const HEX_SHA = /^[0-9a-fA-F]{40}$/;

/** 409 when the repository has no commits yet (before anything is written to it). */
export async function requireCommits(git: GitRepositories, repositoryId: number): Promise<void> {
  if (await git.isEmpty(repositoryId)) throw repositoryEmpty();
}

/** The object `param` names, of `type`; 404 otherwise (409 in an empty repository). */
export async function findObject(
  git: GitRepositories,
  repositoryId: number,
  param: string,
  type: GitObjectType,
): Promise<{ sha: string; info: ObjectInfo }> {
  const sha = param.toLowerCase();
  const info = HEX_SHA.test(param) ? await objectInfo(git, repositoryId, sha) : null;
  if (info?.type === type) return { sha, info };
  await requireCommits(git, repositoryId);
  throw notFound();
}
