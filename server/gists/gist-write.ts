// Creating, changing, deleting and forking gists. Each write is one
// transaction around its git work: the row is locked (or inserted) first, git
// commits and moves the branch by compare-and-swap, and the row's
// `updated_at` commits with it; a new gist's repository is removed again if
// its transaction fails, so neither exists without the other.
import { randomBytes } from 'node:crypto';
import type { TokenPrincipal } from '../auth/principal.js';
import { lockFor } from '../db/advisory-locks.js';
import type { TransactionSql } from '../db/database.js';
import { notFound, validationFailed } from '../errors/domain-error.js';
import { cloneForFork } from '../forks/fork-git.js';
import { authorIdentity } from '../repos/commit-identity.js';
import type { CommitIdentities } from '../repos/git.js';
import type { Services } from '../services.js';
import {
  GIST_BRANCH,
  commitGist,
  createGistRepository,
  gistHead,
  gistRepositories,
  listGistFiles,
  type GistChange,
} from './gist-git.js';
import { updateChanges, type FileUpdate } from './gist-input.js';
import {
  deleteGistRow,
  existingFork,
  findGistById,
  findGistByName,
  insertGist,
  touchGist,
  type GistRow,
} from './gists-store.js';

/** A new gist's name: 128 random bits as 32 lowercase hex digits, like GitHub's. */
export const newGistName = (): string => randomBytes(16).toString('hex');

async function identities(services: Services, caller: TokenPrincipal): Promise<CommitIdentities> {
  const account = await services.accounts.byId(caller.user.id);
  if (!account) throw notFound();
  const author = authorIdentity(account, services.config.noreplyHost);
  return { author, committer: author };
}

/**
 * A gist row made with its repository by `make`; the repository goes again
 * if anything fails. `existing`, asked first in the same transaction, may
 * answer a gist that is already there instead.
 */
async function withNewGist(
  services: Services,
  row: { owner_id: number; description: string | null; public: boolean; fork_of_id: number | null },
  make: (gistId: number) => Promise<void>,
  existing: (tx: TransactionSql) => Promise<GistRow | null> = async () => null,
): Promise<GistRow> {
  const git = gistRepositories(services.config.dataDir);
  let made: number | undefined;
  try {
    const id = await services.sql.begin(async (tx) => {
      const found = await existing(tx);
      if (found) return found.id;
      const gistId = await insertGist(tx, { ...row, name: newGistName() });
      made = gistId;
      await make(gistId);
      return gistId;
    });
    return (await findGistById(services.sql, id))!;
  } catch (error) {
    if (made !== undefined) await git.remove(made);
    throw error;
  }
}

export async function createGist(
  services: Services,
  caller: TokenPrincipal,
  input: { description: string | null; public: boolean; changes: GistChange[] },
): Promise<GistRow> {
  const git = gistRepositories(services.config.dataDir);
  const who = await identities(services, caller);
  return withNewGist(
    services,
    { owner_id: caller.user.id, description: input.description, public: input.public, fork_of_id: null },
    async (gistId) => {
      await createGistRepository(git, gistId);
      await commitGist(git, gistId, null, input.changes, who);
    },
  );
}

/** Applies an update (files and/or description) to the gist named `name`; 422 for an update with nothing in it. */
export async function updateGist(
  services: Services,
  caller: TokenPrincipal,
  name: string,
  input: { description?: string | null; files?: Record<string, FileUpdate> },
): Promise<void> {
  if (input.description === undefined && (input.files === undefined || Object.keys(input.files).length === 0))
    throw validationFailed([{ resource: 'Gist', field: 'files', code: 'missing_field' }]);
  const git = gistRepositories(services.config.dataDir);
  const who = await identities(services, caller);
  await services.sql.begin(async (tx) => {
    const row = await findGistByName(tx, name, true);
    if (!row) throw notFound();
    if (input.files && Object.keys(input.files).length > 0) {
      const head = await gistHead(git, row.id);
      const current = head ? await listGistFiles(git, row.id, head) : [];
      const changes = updateChanges(current, input.files);
      if (changes.length > 0) await commitGist(git, row.id, head, changes, who);
    }
    await touchGist(tx, row.id, input.description);
  });
}

/** Deletes the gist: its row (comments and stars with it), then its repository. */
export async function deleteGist(services: Services, row: GistRow): Promise<void> {
  await deleteGistRow(services.sql, row.id);
  await gistRepositories(services.config.dataDir).remove(row.id);
}

/**
 * `caller`'s fork of `parent`: a new gist whose repository is a copy of the
 * parent's branch (`clone --no-local`, as repository forks: nothing the
 * parent does later removes an object the fork needs). A second fork by the
 * same user answers the first; forking one's own gist is 422, as on GitHub.
 */
export async function forkGist(services: Services, caller: TokenPrincipal, parent: GistRow): Promise<GistRow> {
  if (parent.owner_id === caller.user.id)
    throw validationFailed([
      { resource: 'Gist', field: 'forks', code: 'custom', message: 'You cannot fork your own gist' },
    ]);
  const existing = await existingFork(services.sql, parent.id, caller.user.id);
  if (existing) return existing;
  const git = gistRepositories(services.config.dataDir);
  return withNewGist(
    services,
    { owner_id: caller.user.id, description: parent.description, public: parent.public, fork_of_id: parent.id },
    (gistId) => cloneForFork(git, parent.id, gistId, GIST_BRANCH),
    // Two forks at once by one user: the second waits here and answers the first's.
    async (tx) => {
      await lockFor(tx, 'gistFork', caller.user.id);
      return existingFork(tx, parent.id, caller.user.id);
    },
  );
}
