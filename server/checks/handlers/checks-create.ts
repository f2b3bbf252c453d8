import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { senderPayload } from '../../webhooks/payloads/common.js';
import { appGrant, headCommitSha } from './check-access.js';
import { loadCheckContext } from '../check-context.js';
import { runValues } from '../check-input.js';
import { createRunIn } from '../check-run-changes.js';
import { branchOfSha } from '../check-branches.js';
import { ensureSuite } from '../check-suites-store.js';
import { checkRunView } from '../check-views.js';

// A GitHub App's installation token only. The run joins the app's suite for
// head_sha, made (by the API, so no `requested` event) when missing.
export const createCheckRun: Handler<'checks/create'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const grant = appGrant(ctx, repo);
  const { body } = await ctx.input();
  const { sql, git, urls } = ctx.services;
  const sha = await headCommitSha(git, repo, body.head_sha, 'CheckRun');
  const values = runValues(body, null);
  const run = await sql.begin(async (tx) => {
    const { suite } = await ensureSuite(tx, {
      repositoryId: repo.id,
      appId: grant.appId,
      headSha: sha,
      headBranch: await branchOfSha(tx, repo, sha),
      before: null,
      after: null,
      createdBy: 'api',
    });
    const scope = { tx, git, repo, urls, sender: senderPayload(ctx.principal, urls) };
    return createRunIn(scope, suite, { ...values, name: body.name });
  });
  const view = checkRunView(
    run,
    await loadCheckContext(sql, repo, urls, { appIds: [run.app_id], shas: [run.head_sha] }),
  );
  return { status: 201, body: view, headers: { Location: view.url } };
};
