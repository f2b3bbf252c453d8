import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { checkRequestOf } from './check-request-of.js';
import { appGrant, headCommitSha } from './check-access.js';
import { loadCheckContext } from '../check-context.js';
import { runValues } from '../check-input.js';
import { createRun } from '../check-run-changes.js';
import { checkRunView } from '../check-views.js';

// A GitHub App's installation token only.
export const createCheckRun: Handler<'checks/create'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const grant = appGrant(ctx, repo);
  const { body } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  const sha = await headCommitSha(git, repo, body.head_sha, 'CheckRun');
  const values = { ...runValues(body, null), name: body.name };
  const req = checkRequestOf(ctx, repo);
  const run = await createRun(req, grant.appId, sha, values);
  const view = checkRunView(
    run,
    await loadCheckContext(sql, repo, urls, { appIds: [run.app_id], shas: [run.head_sha] }),
  );
  return { status: 201, body: view, headers: { Location: view.url } };
};
