// What a suite and a run list: `CheckSuite.checkRuns` (CheckRunFilter: by
// app, name, type, status and conclusion; the latest run of each name unless
// `checkType: ALL`, as REST's `filter=latest`), `CheckSuite.branch` (its head
// branch while it exists), and `CheckRun.annotations` in the order they were
// added. All through the request's loaders: one statement per kind whatever
// the number of suites or runs on the page.
import { connection, listConnection, twoWayWindow } from '../core/connection.js';
import type { CheckRunRow } from '../../checks/check-rows.js';
import type {
  CheckAnnotationResolvers,
  CheckRunFilter,
  CheckRunResolvers,
  CheckSuiteResolvers,
} from '../generated/resolvers-types.js';
import { BRANCH_PREFIX, refModel } from '../resolvers/refs.js';
import { runModel } from './check-models.js';
import { repositoryOf } from './check-resolvers.js';

/** The newest run of each name (the rows come oldest first). */
function latestOfEachName(runs: readonly CheckRunRow[]): CheckRunRow[] {
  const latest = new Map<string, CheckRunRow>();
  for (const run of runs) latest.set(run.name, run);
  return runs.filter((run) => latest.get(run.name) === run);
}

function filterRuns(runs: readonly CheckRunRow[], filter: CheckRunFilter | null | undefined): CheckRunRow[] {
  let out = filter?.checkType === 'ALL' ? [...runs] : latestOfEachName(runs);
  if (filter?.appId != null) out = out.filter((run) => run.app_id === filter.appId);
  if (filter?.checkName != null) out = out.filter((run) => run.name === filter.checkName);
  // `statuses` overrides `status`, as GitHub documents.
  const statuses = filter?.statuses ?? (filter?.status != null ? [filter.status] : null);
  if (statuses) out = out.filter((run) => statuses.includes(run.status.toUpperCase() as never));
  if (filter?.conclusions)
    out = out.filter(
      (run) => run.conclusion !== null && filter.conclusions!.includes(run.conclusion.toUpperCase() as never),
    );
  return out;
}

export const suiteRunFields: Pick<CheckSuiteResolvers, 'checkRuns' | 'branch'> = {
  checkRuns: async (suite, { filterBy, ...page }, ctx) => {
    const runs = filterRuns(await ctx.loaders.runsOfSuite.load(suite.id), filterBy);
    return listConnection(runs.map(runModel), page, 'checkRuns');
  },
  branch: async (suite, _args, ctx) => {
    if (suite.head_branch === null) return null;
    const repo = await repositoryOf(ctx, suite.repository_id);
    const record = (await ctx.loaders.git.refs.load(repo)).find(
      (ref) => ref.fullName === BRANCH_PREFIX + suite.head_branch,
    );
    return record ? refModel(repo, record, BRANCH_PREFIX) : null;
  },
};

export const runAnnotationField: Pick<CheckRunResolvers, 'annotations'> = {
  annotations: async (run, args, ctx) => {
    const total = run.annotations_count;
    const window = twoWayWindow(args, 'annotations');
    const start = window.fromEnd ? Math.max(0, total - window.first) : Math.min(window.offset, total);
    const end = Math.min(total, start + window.first);
    if (end <= start) return connection([], total, { first: window.first, offset: start });
    const [repo, rows] = await Promise.all([
      repositoryOf(ctx, run.repository_id),
      ctx.loaders.annotations.load({ runId: run.id, from: start + 1, to: end }),
    ]);
    return connection(
      rows.map((row) => ({ ...row, repo, head_sha: run.head_sha })),
      total,
      { first: window.first, offset: start },
    );
  },
};

export const CheckAnnotation: CheckAnnotationResolvers = {
  annotationLevel: (a) => a.annotation_level.toUpperCase() as Uppercase<typeof a.annotation_level>,
  blobUrl: (a, _args, ctx) =>
    ctx.services.urls.html(
      `/${a.repo.owner_login}/${a.repo.name}/blob/${a.head_sha}/${a.path.split('/').map(encodeURIComponent).join('/')}`,
    ),
  databaseId: (a) => a.id,
  location: (a) => ({
    start: { line: a.start_line, column: a.start_column },
    end: { line: a.end_line, column: a.end_column },
  }),
  message: (a) => a.message,
  path: (a) => a.path,
  rawDetails: (a) => a.raw_details,
  title: (a) => a.title,
};
