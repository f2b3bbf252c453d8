import type { Handler } from '../../http/operation-context.js';
import { checkRepositoryName, nameTaken } from '../repository-name.js';
import { fullRepositoryView } from '../repository-view.js';

// The row and the git repository are made together: the bare repository (and
// its initial commit) is created inside the transaction, and removed again if
// anything fails before commit, so neither exists without the other.
export const createRepositoryForUser: Handler<'repos/create-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { body } = await ctx.input();
  const { sql, repos, git, urls } = ctx.services;
  const name = checkRepositoryName(body.name);
  if (await repos.nameTaken(me.user.id, name)) throw nameTaken();
  let createdId: number | undefined;
  try {
    await sql.begin(async (tx) => {
      const id = await repos.insert(tx, me.user.id, {
        name,
        private: body.private ?? false,
        description: body.description ?? null,
        homepage: body.homepage ?? null,
        has_issues: body.has_issues,
        has_projects: body.has_projects,
        has_wiki: body.has_wiki,
      });
      createdId = id;
      await git.create(id, 'main');
      if (body.auto_init) {
        await git.autoInit(id, 'main', name, body.description ?? null);
        await repos.touchPushedAt(tx, id);
      }
    });
  } catch (error) {
    if (createdId !== undefined) await git.remove(createdId);
    // Two requests raced for the same name: the unique index decided.
    if ((error as { code?: string }).code === '23505') throw nameTaken();
    throw error;
  }
  // A cached "no such repository" for this name must go now, not when the notice arrives.
  ctx.services.bus.applyLocally(`repo:${createdId!}`);
  const repo = (await repos.byId(createdId!))!;
  const view = fullRepositoryView(repo, 'admin', urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
