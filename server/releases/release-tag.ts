// A release's tag: its name must be a valid ref name under refs/tags/, its
// target (`target_commitish`) a branch or a commit of the repository, and
// publishing creates the tag at the target through the ref path (so `create`
// and `push` fire) unless it exists already, in which case it is used as is.
import type { Principal } from '../auth/principal.js';
import { validationFailed } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { changeRefs } from '../webhooks/ref-change-events.js';

const invalid = (field: string) => validationFailed([{ resource: 'Release', code: 'invalid', field }]);

export async function checkTagName(services: Services, tag: string): Promise<void> {
  if (!(await services.git.isValidRefName(`refs/tags/${tag}`))) throw invalid('tag_name');
}

/** The commit `target` names: a branch, or a commit's full or abbreviated sha; null when neither. */
export async function resolveTarget(services: Services, repo: RepositoryRow, target: string): Promise<string | null> {
  const { git } = services;
  if (target.startsWith('refs/')) return null;
  const branch = await git.commitOf(repo.id, `refs/heads/${target}`);
  if (branch) return branch;
  return /^[0-9a-f]{4,40}$/i.test(target) ? git.commitOf(repo.id, target.toLowerCase()) : null;
}

/** Checks the target (when the tag does not exist yet) before anything is written. */
export async function checkTarget(services: Services, repo: RepositoryRow, tag: string, target: string): Promise<void> {
  if (await services.git.resolveRef(repo.id, `refs/tags/${tag}`)) return;
  if (!(await resolveTarget(services, repo, target))) throw invalid('target_commitish');
}

/** Creates the tag at the target when it does not exist yet (a lightweight tag, as GitHub makes). */
export async function ensureTag(
  services: Services,
  repo: RepositoryRow,
  principal: Principal,
  tag: string,
  target: string,
): Promise<void> {
  const ref = `refs/tags/${tag}`;
  if (await services.git.resolveRef(repo.id, ref)) return;
  const sha = await resolveTarget(services, repo, target);
  if (!sha) throw invalid('target_commitish');
  // Lost a race with another creation of the same tag: that tag is used as is.
  await changeRefs(services, repo, principal, () => services.git.createRef(repo.id, ref, sha));
}
