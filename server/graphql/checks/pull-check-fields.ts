// Where checks meet pull requests: PullRequest.statusCheckRollup (its head
// commit's rollup, as Commit.statusCheckRollup answers it, through the same
// loaders: a page of pull requests costs one statement per kind) and
// CheckSuite.matchingPullRequests (pull requests from the suite's branch,
// open ones unless `states` says otherwise, through Repository.pullRequests'
// batched pages).
import { emptyConnection } from '../core/absent-feature.js';
import type { CheckSuiteResolvers, PullRequestResolvers } from '../generated/resolvers-types.js';
import { pullConnection } from '../pulls/pull-connections.js';
import { repositoryOf } from '../pulls/pull-paths.js';
import { rollupOf } from './commit-check-fields.js';
import { absentFields } from '../core/absent-feature.js';

export const pullRollupField: Pick<PullRequestResolvers, 'statusCheckRollup'> = {
  // The head commit as the base repository holds it (refs/pull/{n}/head), where REST's checks of the head read.
  statusCheckRollup: async (pull, _args, ctx) =>
    rollupOf(ctx, { repo: await repositoryOf(ctx, pull.repository_id), oid: pull.head_sha, type: 'commit' }),
};

export const suitePullsField: Pick<CheckSuiteResolvers, 'matchingPullRequests'> = {
  matchingPullRequests: (suite, args, ctx) => {
    const branch = suite.head_branch;
    if (branch === null || (args.headRefName != null && args.headRefName !== branch)) return emptyConnection(args);
    const states = args.states?.length ? args.states : ['OPEN' as const];
    return pullConnection(ctx, 'pullPage', suite.repository_id, {
      ...args,
      states,
      headRefName: branch,
    });
  },
};

// Deployments, workflow steps, pushes and the suite's triggering user: Wharf records none of them.
export const runAbsentFields = absentFields(['deployment', 'pendingDeploymentRequest', 'steps']);
export const suiteAbsentFields = absentFields(['creator', 'push']);
