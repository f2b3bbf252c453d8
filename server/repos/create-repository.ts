// Creating a repository for a user or an organization. The row and the bare
// git repository are made together: the repository (and its initial commit)
// is created inside the transaction and removed again if anything fails
// before commit, so neither exists without the other.
import type { TokenPrincipal } from '../auth/principal.js';
import type { components } from '../generated/openapi.js';
import type { Services } from '../services.js';
import { insertDefaultLabels } from './default-labels.js';
import { authorIdentity, serviceIdentity } from './commit-identity.js';
import { checkRepositoryName, nameTaken } from './repository-name.js';
import { fullRepositoryView } from './repository-view.js';
import type { TransactionSql } from '../db/database.js';
import { touchPushedAt } from './repositories-store.js';

type CreateBody = NonNullable<components['requestBodies']['repository-create']['content']['application/json']>;

/** The new repository's view (the caller is its admin). */
export async function createRepository(
  services: Services,
  caller: TokenPrincipal,
  ownerId: number,
  body: CreateBody,
  alsoInTransaction?: (tx: TransactionSql, repositoryId: number) => Promise<unknown>,
) {
  const { sql, repos, git, urls, bus, accounts, config } = services;
  const name = checkRepositoryName(body.name);
  if (await repos.nameTaken(ownerId, name)) throw nameTaken();
  // The initial commit is the caller's (an installation's bot for an app), committed by the service.
  const actor = body.auto_init ? await accounts.byId(caller.user.id) : null;
  let createdId: number | undefined;
  try {
    await sql.begin(async (tx) => {
      const id = await repos.insert(tx, ownerId, {
        name,
        private: body.private ?? false,
        description: body.description ?? null,
        homepage: body.homepage ?? null,
        has_issues: body.has_issues,
        has_projects: body.has_projects,
        has_wiki: body.has_wiki,
      });
      createdId = id;
      await insertDefaultLabels(tx, id);
      await git.create(id, 'main');
      if (body.auto_init) {
        const commit = await git.autoInit(id, 'main', name, body.description ?? null, {
          author: authorIdentity(actor!, config.noreplyHost),
          committer: serviceIdentity(config.vendor, config.noreplyHost),
        });
        await touchPushedAt(tx, id, await git.diskUsageKib(id));
        // The ref mirror starts in step with git (a new repository has no hooks to notify).
        await tx`INSERT INTO repository_refs (repository_id, name, sha) VALUES (${id}, 'refs/heads/main', ${commit})`;
      }
      // What the caller adds to the creation's transaction (an organization's `repository` created event).
      await alsoInTransaction?.(tx, id);
    });
  } catch (error) {
    if (createdId !== undefined) await git.remove(createdId);
    // Two requests raced for the same name: the unique index decided.
    if ((error as { code?: string }).code === '23505') throw nameTaken();
    throw error;
  }
  // A cached "no such repository" for this name must go now, not when the notice arrives.
  bus.applyLocally(`repo:${createdId!}`);
  const repo = (await repos.byId(createdId!))!;
  return fullRepositoryView(repo, 'admin', urls);
}
