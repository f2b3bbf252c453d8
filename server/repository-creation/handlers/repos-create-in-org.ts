// Creating a repository in an organization lives outside repos/: the creation
// also tells the organization's hooks (webhooks/org-hooks), which read repos/.
import { mayCreateInOrganization } from '../../access/affiliation-sql.js';
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { emitRepositoryCreated } from '../../webhooks/org-hooks/repository-created-event.js';
import { createRepository } from '../../repos/create-repository.js';

// Org members may create repositories in their organization (GitHub's default
// "members can create repositories"); site admins anywhere.
export const createRepositoryInOrg: Handler<'repos/create-in-org'> = async (ctx) => {
  const me = ctx.user();
  const { accounts, sql } = ctx.services;
  const org = await accounts.byLogin(ctx.params.org);
  if (org?.kind !== 'Organization') throw notFound();
  if (!(await mayCreateInOrganization(sql, org.id, me.user)))
    throw forbidden('You need to be a member of the organization to create repositories in it.');
  const { body } = await ctx.input();
  // The organization's hooks hear of it in the creation's transaction (GitHub's `repository` created).
  const view = await createRepository(ctx.services, me, org.id, body, (tx, id) =>
    emitRepositoryCreated(tx, id, me, ctx.services.urls),
  );
  return { status: 201 as const, body: view, headers: { Location: view.url } };
};
