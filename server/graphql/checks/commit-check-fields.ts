// A commit's checks in GraphQL: `Commit.checkSuites` (filtered by app or
// check name) and `Commit.statusCheckRollup`, its latest check runs and
// latest statuses together with their combined state (rollup-state.ts).
// Each is read through the request's loaders, so a page of pull requests
// with their head commits' rollups costs as many statements as one. An
// installation sees the parts its permissions cover (check-read-access.ts).
import { type ConnectionArgs, listConnection } from '../core/connection.js';
import { Buffer } from 'node:buffer';
import type { GraphqlContext } from '../core/context.js';
import type {
  CheckRunState,
  CommitResolvers,
  StatusCheckRollupContextResolvers,
  StatusCheckRollupResolvers,
  StatusState,
} from '../generated/resolvers-types.js';
import type { GitObjectModel } from '../git/models.js';
import { objectByOid } from '../resolvers/git-object.js';
import { contextModel, isStatusContext } from '../statuses/status-models.js';
import { runModel, suiteModel, type StatusCheckRollupModel } from './check-models.js';
import { notAccessibleByIntegration } from '../core/errors.js';
import { mayRead } from './check-read-access.js';
import { countsByState, rollupState, runCountState } from './rollup-state.js';

const keyOf = (commit: GitObjectModel) => ({ repositoryId: commit.repo.id, sha: commit.oid });

export async function rollupOf(ctx: GraphqlContext, commit: GitObjectModel): Promise<StatusCheckRollupModel | null> {
  const checks = mayRead(ctx, 'checks');
  const statuses = mayRead(ctx, 'statuses');
  if (!checks && !statuses) throw notAccessibleByIntegration();
  const [runs, rows] = await Promise.all([
    checks ? ctx.loaders.latestRunsOfCommit.load(keyOf(commit)) : [],
    statuses ? ctx.loaders.latestStatusesOfCommit.load(keyOf(commit)) : [],
  ]);
  if (runs.length === 0 && rows.length === 0) return null;
  return {
    repo: commit.repo,
    oid: commit.oid,
    runs: runs.map(runModel),
    statuses: rows.map((row) => contextModel(row, commit.repo)),
  };
}

export const commitCheckFields: Pick<CommitResolvers, 'checkSuites' | 'statusCheckRollup'> = {
  checkSuites: async (commit, { filterBy, ...page }, ctx) => {
    let suites = await ctx.loaders.suitesOfCommit.load(keyOf(commit));
    if (filterBy?.appId != null) suites = suites.filter((suite) => suite.app_id === filterBy.appId);
    if (filterBy?.checkName != null) suites = suites.filter((suite) => suite.run_names.includes(filterBy.checkName!));
    return listConnection(suites.map(suiteModel), page, 'checkSuites');
  },
  statusCheckRollup: (commit, _args, ctx) => rollupOf(ctx, commit),
};

/**
 * A stable opaque id for a commit's rollup: its repository and commit, as
 * Ref's `REF_` ids (refs.ts). GitHub's rollup is a Node; no node kind is
 * assigned to it here yet, so `node(id:)` does not resolve this one.
 */
export const rollupId = (repositoryId: number, oid: string) =>
  `SCR_${Buffer.from(`${repositoryId}:${oid}`).toString('base64url')}`;

/** A rollup's contexts connection (StatusCheckRollup.contexts, Status.combinedContexts): check runs first, then statuses, each oldest first. */
export function rollupContexts(
  rollup: Pick<StatusCheckRollupModel, 'runs' | 'statuses'>,
  args: ConnectionArgs,
  name: string,
) {
  return {
    ...listConnection([...rollup.runs, ...rollup.statuses], args, name),
    checkRunCount: rollup.runs.length,
    checkRunCountsByState: countsByState(rollup.runs.map((run) => runCountState(run) as CheckRunState)),
    statusContextCount: rollup.statuses.length,
    statusContextCountsByState: countsByState(rollup.statuses.map((s) => s.state.toUpperCase() as StatusState)),
  };
}

export const StatusCheckRollup: StatusCheckRollupResolvers = {
  id: (rollup) => rollupId(rollup.repo.id, rollup.oid),
  commit: (rollup, _args, ctx) => objectByOid(ctx, rollup.repo, rollup.oid),
  state: (rollup) =>
    rollupState(
      rollup.runs,
      rollup.statuses.map((s) => s.state),
    )!,
  contexts: (rollup, args) => rollupContexts(rollup, args, 'contexts'),
};

export const StatusCheckRollupContext: StatusCheckRollupContextResolvers = {
  __resolveType: (context) => (isStatusContext(context) ? 'StatusContext' : 'CheckRun'),
};
