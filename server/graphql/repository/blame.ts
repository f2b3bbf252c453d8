// `Commit.blame(path:)`: the runs of lines of a file at the commit with the
// commit that last changed each (repos/git-blame.ts, bounded before and while
// git works) and GitHub's age bucket (repos/blame-age.ts). A path with no file
// is GitHub's NOT_FOUND; a blame refused by its bounds is an error at the field.
// A query's blames run one after another, at most MAX_BLAMES_PER_QUERY of them
// (each walks a file's history: a page of commits each asking one must not
// start a hundred walks at once); the ones past it are errors at their field.
import { blameAges } from '../../repos/blame-age.js';
import { BlameRefused, blameAt } from '../../repos/git-blame.js';
import { githubError, notFoundError } from '../core/errors.js';
import type { GraphqlContext } from '../core/context.js';
import type { BlameRangeResolvers, BlameResolvers, CommitResolvers } from '../generated/resolvers-types.js';

export const MAX_BLAMES_PER_QUERY = 10;

const queues = new WeakMap<GraphqlContext['loaders'], { started: number; last: Promise<unknown> }>();

/** `work` after the query's earlier blames have finished; refused past the query's allowance. */
function queued<T>(ctx: GraphqlContext, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(ctx.loaders);
  if (!queue) queues.set(ctx.loaders, (queue = { started: 0, last: Promise.resolve() }));
  if (++queue.started > MAX_BLAMES_PER_QUERY) {
    throw githubError('UNPROCESSABLE', `A query may blame at most ${MAX_BLAMES_PER_QUERY} files.`);
  }
  const next = queue.last.then(work, work);
  queue.last = next.catch(() => undefined);
  return next;
}

export const commitBlameField: Pick<CommitResolvers, 'blame'> = {
  blame: async (commit, { path }, ctx) => {
    let runs: Awaited<ReturnType<typeof blameAt>>;
    try {
      runs = await queued(ctx, () => blameAt(ctx.services.git, commit.repo.id, commit.oid, path));
    } catch (error) {
      if (error instanceof BlameRefused)
        throw githubError('UNPROCESSABLE', `Could not blame \`${path}\`: ${error.message}.`);
      throw error;
    }
    if (runs === null) throw notFoundError(`Could not resolve file for path '${path}'.`);
    const ages = blameAges(runs.map((run) => run.time));
    return {
      repo: commit.repo,
      ranges: runs.map((run, i) => ({
        repo: commit.repo,
        oid: run.oid,
        startingLine: run.startingLine,
        endingLine: run.endingLine,
        age: ages[i]!,
      })),
    };
  },
};

export const Blame: BlameResolvers = {
  ranges: (blame) => blame.ranges,
};

export const BlameRange: BlameRangeResolvers = {
  age: (range) => range.age,
  commit: (range) => ({ repo: range.repo, oid: range.oid, type: 'commit' }),
  endingLine: (range) => range.endingLine,
  startingLine: (range) => range.startingLine,
};
