// CheckRun and CheckSuite: nodes only (node/nodes), each visible with its
// repository. Rows go with the repository (ON DELETE CASCADE), so deleting
// it retires their ids.
import { repositoryOfCheck } from '../../checks/check-batch-reads.js';
import { findRun } from '../../checks/check-runs-store.js';
import { findSuite } from '../../checks/check-suites-store.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import type { CheckRunResolvers, CheckSuiteResolvers } from '../generated/resolvers-types.js';
import { objectByOid } from '../resolvers/git-object.js';
import { suiteModel, type CheckRunModel, type CheckSuiteModel } from './check-models.js';

type Upper<T extends string> = Uppercase<T>;
const upper = <T extends string>(value: T) => value.toUpperCase() as Upper<T>;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function repositoryOf(ctx: GraphqlContext, repositoryId: number): Promise<RepositoryRow> {
  const repo = await ctx.loaders.repositoryById.load(repositoryId);
  if (repo === null) throw new Error(`repository ${repositoryId} of a check is gone`);
  return repo;
}

/** The run or suite behind a node id, or null when it is gone or its repository is invisible to the caller. */
export async function loadCheckNode(
  ctx: GraphqlContext,
  type: 'CheckRun' | 'CheckSuite',
  id: number,
): Promise<CheckRunModel | CheckSuiteModel | null> {
  const { sql } = ctx.services;
  const repositoryId = await repositoryOfCheck(sql, type === 'CheckRun' ? 'check_runs' : 'check_suites', id);
  if (repositoryId === null) return null;
  const repo = await ctx.loaders.repositoryById.load(repositoryId);
  if (repo === null || !(await ctx.access.seesRepository(repo))) return null;
  if (type === 'CheckRun') {
    const run = await findRun(sql, repo.id, id);
    return run && { ...run, check_kind: 'CheckRun' };
  }
  const suite = await findSuite(sql, repo.id, id);
  return suite && { ...suite, check_kind: 'CheckSuite' };
}

const runPath = async (run: CheckRunModel, ctx: GraphqlContext) => {
  const repo = await repositoryOf(ctx, run.repository_id);
  return `/${repo.owner_login}/${repo.name}/runs/${run.id}`;
};
const suitePath = async (suite: CheckSuiteModel, ctx: GraphqlContext) => {
  const repo = await repositoryOf(ctx, suite.repository_id);
  return `/${repo.owner_login}/${repo.name}/commit/${suite.head_sha}/checks?check_suite_id=${suite.id}`;
};

export const CheckRun: CheckRunResolvers = {
  id: (run) => encodeNodeId('CheckRun', run.id),
  databaseId: (run) => run.id,
  status: (run) => upper(run.status),
  conclusion: (run) => (run.conclusion ? upper(run.conclusion) : null),
  startedAt: (run) => iso(run.started_at),
  completedAt: (run) => iso(run.completed_at),
  externalId: (run) => run.external_id,
  title: (run) => run.output_title,
  summary: (run) => run.output_summary,
  text: (run) => run.output_text,
  detailsUrl: async (run, _args, ctx) => run.details_url ?? ctx.services.urls.html(await runPath(run, ctx)),
  resourcePath: (run, _args, ctx) => runPath(run, ctx),
  url: async (run, _args, ctx) => ctx.services.urls.html(await runPath(run, ctx)),
  permalink: async (run, _args, ctx) => ctx.services.urls.html(await runPath(run, ctx)),
  repository: (run, _args, ctx) => repositoryOf(ctx, run.repository_id),
  checkSuite: async (run, _args, ctx) => {
    const suite = await ctx.loaders.suiteById.load(run.suite_id);
    if (suite === null) throw new Error(`check suite ${run.suite_id} of check run ${run.id} is gone`);
    return suiteModel(suite);
  },
  // No branch protection rule requires a check in Wharf (required_status_checks is always off).
  isRequired: () => false,
};

export const CheckSuite: CheckSuiteResolvers = {
  id: (suite) => encodeNodeId('CheckSuite', suite.id),
  databaseId: (suite) => suite.id,
  status: (suite) => upper(suite.status),
  conclusion: (suite) => (suite.conclusion ? upper(suite.conclusion) : null),
  createdAt: (suite) => suite.created_at.toISOString(),
  updatedAt: (suite) => suite.updated_at.toISOString(),
  resourcePath: (suite, _args, ctx) => suitePath(suite, ctx),
  url: async (suite, _args, ctx) => ctx.services.urls.html(await suitePath(suite, ctx)),
  repository: (suite, _args, ctx) => repositoryOf(ctx, suite.repository_id),
  commit: async (suite, _args, ctx) => {
    const commit = await objectByOid(ctx, await repositoryOf(ctx, suite.repository_id), suite.head_sha);
    if (commit === null) throw new Error(`commit ${suite.head_sha} of check suite ${suite.id} is gone`);
    return commit;
  },
  // Suites come from apps; Wharf runs no Actions workflows.
  workflowRun: () => null,
};
