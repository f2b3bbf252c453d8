import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessHook } from './hook-access.js';
import { updatedValues } from '../hook-input.js';
import { hookView } from '../hook-view.js';
import { changeHook } from '../hooks-store.js';

// Only what the body names changes: omitting `config` keeps it, a `config`
// with only `url` keeps the secret and the other config values.
export const updateRepositoryHook: Handler<'hooks/update'> = async (ctx) => {
  const { repo, fullName } = await accessHook(ctx, ctx.params);
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const hook = await changeHook(sql, { repositoryId: repo.id }, ctx.params.hook_id, (current) =>
    updatedValues(current, body),
  );
  if (!hook) throw notFound();
  return { status: 200, body: hookView(hook, fullName, urls) };
};
