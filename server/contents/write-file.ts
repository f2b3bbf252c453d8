// PUT and DELETE of one file: a commit on the branch's head made without a
// work tree (git-index-commit.ts), then the branch moved with compare-and-swap
// against that head through changeRefs, so a concurrent change is 409 and the
// `push` event is the one a real push emits. GitHub's answers: an existing
// file needs its blob `sha` (missing: 422, stale: 409); a missing branch is
// 404, except that a first file on an empty repository creates it.
import { pushActorOf } from '../branch-protection/push-restrictions.js';
import type { Principal } from '../auth/principal.js';
import { conflict, notFound, refused, requiresAuthentication, validationFailed } from '../errors/domain-error.js';
import { authorIdentity, serviceIdentity, type GitIdentity } from '../repos/commit-identity.js';
import { commitPathChanges, PathConflict, type PathChange } from '../repos/git-index-commit.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { changeRefs } from '../webhooks/ref-change-events.js';
import { refUpdateRefusal } from '../branch-protection/ref-guard.js';
import type { Permission } from '../access/permissions.js';
import type { CommitFields } from '../git-data/commit-view.js';
import { entryAt, type TreeEntry } from './tree-entries.js';
import { checkIdentity } from '../git-data/git-person.js';

type Person = { name: string; email: string; date?: string };

export interface FileWrite {
  path: string;
  /** The new bytes; null deletes the file. */
  content: Buffer | null;
  sha?: string;
  message: string;
  branch?: string;
  author?: Person;
  committer?: Person;
  /** The caller's permission: a protected branch's rule may let admins through (branch-protection/ref-guard.ts). */
  permission?: Permission | null;
}

export interface FileWritten {
  made: CommitFields;
  branch: string;
  /** The file as written (null for a deletion). */
  entry: TreeEntry | null;
  created: boolean;
}

const invalid = (field: string, message: string) =>
  validationFailed([{ resource: 'Commit', field, code: 'invalid', message }]);

/** GitHub's date form (`2014-11-07T22:01:45Z`); 422 for a date that is none. */
function isoDate(value: string | undefined, field: string, now: Date): string {
  const date = value === undefined ? now : new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid(field, `${field} is not a valid date`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

async function callerIdentity({ accounts, config }: Services, principal: Principal): Promise<GitIdentity> {
  if (principal.kind !== 'token') throw requiresAuthentication();
  const account = await accounts.byId(principal.user.id);
  if (!account) throw notFound();
  return authorIdentity(account, config.noreplyHost);
}

export async function writeFile(
  services: Services,
  principal: Principal,
  repo: RepositoryRow,
  change: FileWrite,
): Promise<FileWritten> {
  const { git, config } = services;
  const branch = change.branch ?? repo.default_branch;
  const ref = `refs/heads/${branch}`;
  if (!(await git.isValidRefName(ref))) throw notFound();
  const parent = await git.resolveRef(repo.id, ref);
  // The first file of an empty repository makes its branch; elsewhere the branch must exist.
  if (!parent && (change.content === null || (await git.listRefs(repo.id)).size > 0))
    throw notFound(`Branch ${branch} not found`);
  const existing = parent ? await entryAt(git, repo.id, parent, change.path) : null;
  const mode = checkExisting(change, existing);

  const now = new Date();
  const author: Person = change.author ?? change.committer ?? (await callerIdentity(services, principal));
  const committer: Person = change.committer ?? serviceIdentity(config.vendor, config.noreplyHost);
  checkIdentity('Commit', 'author', author);
  checkIdentity('Commit', 'committer', committer);
  const dates = { author: isoDate(author.date, 'author', now), committer: isoDate(committer.date, 'committer', now) };
  const pathChange: PathChange =
    change.content === null
      ? { path: change.path, remove: true }
      : { path: change.path, mode, content: change.content };
  let made;
  try {
    made = await commitPathChanges(
      git,
      repo.id,
      parent,
      [pathChange],
      change.message,
      {
        author: { name: author.name, email: author.email },
        committer: { name: committer.name, email: committer.email },
      },
      dates,
    );
  } catch (error) {
    if (error instanceof PathConflict) throw invalid('path', `path ${change.path} cannot be written: ${error.message}`);
    throw error;
  }
  // A protected branch refuses what its rule forbids (branch-protection/ref-guard.ts): 409, as GitHub answers here.
  const update = { ref, before: parent, after: made.commit };
  const refusal = await refUpdateRefusal(
    services,
    repo,
    change.permission ?? null,
    update,
    'api',
    pushActorOf(principal),
  );
  if (refusal) throw conflict(refusal);
  const moved = await changeRefs(services, repo, principal, () => git.updateRef(repo.id, ref, made.commit, parent));
  if (!moved) throw conflict(`${ref} is at a different commit than ${parent ?? 'none'}: it changed meanwhile`);
  const blob = made.blobs.get(change.path);
  return {
    made: {
      sha: made.commit,
      tree: made.tree,
      parents: parent ? [parent] : [],
      message: change.message,
      author: { name: author.name, email: author.email, date: dates.author },
      committer: { name: committer.name, email: committer.email, date: dates.committer },
    },
    branch,
    entry:
      blob && change.content ? { kind: 'file', mode, sha: blob, size: change.content.length, path: change.path } : null,
    created: !existing,
  };
}

/** The mode to write with, after GitHub's checks of what the path holds now. */
function checkExisting(change: FileWrite, existing: TreeEntry | null): string {
  if (!existing) {
    if (change.content === null) throw notFound();
    return '100644';
  }
  if (existing.kind === 'dir' || existing.kind === 'submodule')
    throw invalid('path', `${change.path} is a ${existing.kind === 'dir' ? 'directory' : 'submodule'}`);
  if (change.sha === undefined) throw refused('Invalid request.\n\n"sha" wasn\'t supplied.');
  if (change.sha !== existing.sha) throw conflict(`${change.path} does not match ${change.sha}`);
  // An executable stays executable; a symlink written through here becomes a file, as on GitHub.
  return existing.mode === '100755' ? '100755' : '100644';
}
