import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { loadCheckContext } from '../check-context.js';
import { findSuite } from '../check-suites-store.js';
import { checkSuiteView } from '../check-views.js';

export const getCheckSuite: Handler<'checks/get-suite'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { sql, git, urls } = ctx.services;
  const suite = await findSuite(sql, repo.id, ctx.params.check_suite_id);
  if (!suite) throw notFound();
  return {
    status: 200,
    body: checkSuiteView(
      suite,
      await loadCheckContext(sql, repo, urls, { appIds: [suite.app_id], shas: [suite.head_sha], git }),
    ),
  };
};
