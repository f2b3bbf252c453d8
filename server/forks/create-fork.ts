// Forking a repository into the caller's account or an organization of theirs
// (GitHub's POST …/forks). The row, its labels, the ref mirror and the `fork`
// event commit in one transaction; the git clone runs inside it, and is
// removed again if anything fails before commit, so neither exists without the
// other. Forking again into the same account answers the existing fork, as
// GitHub does; a taken name gets `-1`, `-2`, … appended.
import { mayCreateInOrganization } from '../access/affiliation-sql.js';
import type { TokenPrincipal } from '../auth/principal.js';
import { lockFor } from '../db/advisory-locks.js';
import type { TransactionSql } from '../db/database.js';
import { forbidden, notFound, validationFailed } from '../errors/domain-error.js';
import { insertDefaultLabels } from '../repos/default-labels.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { SELECT_REPOSITORY } from '../repos/repository-row.js';
import { checkRepositoryName, nameTaken } from '../repos/repository-name.js';
import type { Services } from '../services.js';
import { emitForkEvent } from './fork-event.js';
import { cloneForFork, refsOf } from './fork-git.js';

export interface ForkOptions {
  organization?: string;
  name?: string;
  default_branch_only?: boolean;
}

/** The account the fork goes to: the caller, or an organization the caller is a member of. */
async function targetAccount(
  { accounts, sql }: Services,
  me: TokenPrincipal,
  organization: string | undefined,
): Promise<number> {
  if (organization === undefined) return me.user.id;
  const org = await accounts.byLogin(organization);
  if (org?.kind !== 'Organization')
    throw validationFailed([
      {
        resource: 'Fork',
        field: 'organization',
        code: 'invalid',
        message: 'organization must be an organization you are a member of',
      },
    ]);
  if (!(await mayCreateInOrganization(sql, org.id, me.user)))
    throw forbidden('You need to be a member of the organization to fork into it.');
  return org.id;
}

/** The first free name of `wanted`, `wanted-1`, `wanted-2`, … in the account. */
async function freeName(tx: TransactionSql, ownerId: number, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await tx<{ name: string }[]>`
    SELECT lower(name) AS name FROM repositories WHERE owner_id = ${ownerId} AND lower(name) LIKE lower(${wanted.replace(/[\\%_]/g, '\\$&')}) || '%'`
    ).map((r) => r.name),
  );
  let name = wanted;
  for (let n = 1; taken.has(name.toLowerCase()); n++) name = `${wanted}-${n}`;
  return name;
}

/** `caller` forks `parent` (read access already checked). */
export async function createFork(
  services: Services,
  caller: TokenPrincipal,
  parent: RepositoryRow,
  options: ForkOptions,
): Promise<{ fork: RepositoryRow; created: boolean }> {
  const { sql, repos, git, bus, urls } = services;
  const ownerId = await targetAccount(services, caller, options.organization);
  if (ownerId === parent.owner_id) {
    throw validationFailed([
      {
        resource: 'Fork',
        field: 'owner',
        code: 'invalid',
        message: 'A repository cannot be forked into the account that owns it.',
      },
    ]);
  }
  const wanted = checkRepositoryName(options.name ?? parent.name);
  const existing = async () =>
    (
      await sql<
        { id: number }[]
      >`SELECT id FROM repositories WHERE owner_id = ${ownerId} AND parent_id = ${parent.id} ORDER BY id LIMIT 1`
    )[0];
  const found = await existing();
  if (found) return { fork: (await repos.byId(found.id))!, created: false };
  // Only the default branch when asked, and only if the parent has it (an empty repository has no branch to name).
  const branchOnly =
    options.default_branch_only && (await git.commitOf(parent.id, parent.default_branch))
      ? parent.default_branch
      : null;
  let createdId: number | undefined;
  try {
    await sql.begin(async (tx) => {
      // Forks into one account wait here for each other: one fork per parent, and no two picking the same free name.
      await lockFor(tx, 'fork', ownerId);
      const [again] = await tx<
        { id: number }[]
      >`SELECT id FROM repositories WHERE owner_id = ${ownerId} AND parent_id = ${parent.id} LIMIT 1`;
      if (again) {
        createdId = undefined;
        return;
      }
      const name = await freeName(tx, ownerId, wanted);
      const [row] = await tx<{ id: number }[]>`
        INSERT INTO repositories (owner_id, name, description, homepage, private, default_branch, has_issues, has_projects, has_wiki,
                                  pushed_at, size_kib, license, fork, parent_id, source_id)
        VALUES (${ownerId}, ${name}, ${parent.description}, ${parent.homepage}, ${parent.private}, ${parent.default_branch},
                ${parent.has_issues}, ${parent.has_projects}, ${parent.has_wiki}, ${parent.pushed_at}, ${parent.size_kib},
                ${parent.license === null ? null : tx.json(parent.license as never)}, true, ${parent.id}, ${parent.source_id ?? parent.id})
        RETURNING id`;
      createdId = row!.id;
      await insertDefaultLabels(tx, createdId);
      await cloneForFork(git, parent.id, createdId, branchOnly);
      const refs = await refsOf(git, createdId);
      if (refs.length)
        await tx`INSERT INTO repository_refs ${tx(refs.map(([ref, sha]) => ({ repository_id: createdId!, name: ref, sha })))}`;
      const [forkRow] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${createdId}`;
      const [parentRow] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${parent.id}`;
      await emitForkEvent(tx, { fork: forkRow!, parent: parentRow!, principal: caller, urls });
    });
  } catch (error) {
    if (createdId !== undefined) await git.remove(createdId);
    // A repository created (not forked) under the chosen name at the same moment: the unique index decided.
    if ((error as { code?: string }).code === '23505') throw nameTaken();
    throw error;
  }
  if (createdId === undefined) {
    const raced = await existing();
    if (!raced) throw notFound();
    return { fork: (await repos.byId(raced.id))!, created: false };
  }
  // Cached "no such repository" for this name, and the parent's forks_count, must go now.
  bus.applyLocally(`repo:${createdId}`);
  bus.applyLocally(`repo:${parent.id}`);
  return { fork: (await repos.byId(createdId))!, created: true };
}
