// CheckRun and CheckSuite: nodes only (node/nodes), each visible with its
// repository. Rows go with the repository (ON DELETE CASCADE), so deleting
// it retires their ids.
import { encodeNodeId } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import type { CheckRunResolvers, CheckSuiteResolvers } from '../generated/resolvers-types.js';
import { objectByOid } from '../resolvers/git-object.js';
import { runModel, suiteModel, type CheckRunModel, type CheckSuiteModel } from './check-models.js';

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
  // Loaded by id alone (the node id names no repository), so `nodes` reads each kind once.
  const row = type === 'CheckRun' ? await ctx.loaders.runById.load(id) : await ctx.loaders.suiteById.load(id);
  const repo = row === null ? null : await ctx.loaders.repositoryById.load(row.repository_id);
  if (row === null || repo === null || !(await ctx.access.seesRepository(repo))) return null;
  return 'run_names' in row ? suiteModel(row) : runModel(row);
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
