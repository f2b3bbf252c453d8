// `Commit.blame(path:)`: the runs of lines of a file at the commit with the
// commit that last changed each (repos/git-blame.ts, bounded before and while
// git works) and GitHub's age bucket (repos/blame-age.ts). A path with no file
// is GitHub's NOT_FOUND; a blame refused by its bounds is an error at the field.
import { blameAges } from '../../repos/blame-age.js';
import { BlameRefused, blameAt } from '../../repos/git-blame.js';
import { githubError, notFoundError } from '../core/errors.js';
import type { BlameRangeResolvers, BlameResolvers, CommitResolvers } from '../generated/resolvers-types.js';

export const commitBlameField: Pick<CommitResolvers, 'blame'> = {
  blame: async (commit, { path }, ctx) => {
    let runs: Awaited<ReturnType<typeof blameAt>>;
    try {
      runs = await blameAt(ctx.services.git, commit.repo.id, commit.oid, path);
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
