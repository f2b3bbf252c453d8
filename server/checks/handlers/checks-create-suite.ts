import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { appGrant, headCommitSha } from './check-access.js';
import { loadCheckContext } from '../check-context.js';
import { createSuite } from '../check-suite-changes.js';
import { checkSuiteView } from '../check-views.js';

// A GitHub App's installation token only; 201 when made, 200 when the app's
// suite for the sha existed.
export const createCheckSuite: Handler<'checks/create-suite'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const grant = appGrant(ctx, repo);
  const { body } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  const sha = await headCommitSha(git, repo, body.head_sha, 'CheckSuite');
  const { suite, created } = await createSuite({ sql, repo }, grant.appId, sha);
  const view = checkSuiteView(
    suite,
    await loadCheckContext(sql, repo, urls, { appIds: [suite.app_id], shas: [sha], git }),
  );
  return created ? { status: 201, body: view } : { status: 200, body: view };
};
