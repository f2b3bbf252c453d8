// `Ref.compare(headRef:)`: this ref's commit as the base against another
// ref's, as REST's compare counts them (commits/comparison.ts: one merge-base
// and one `rev-list --count` when the comparison is asked for), and the
// head's commits since the base, oldest first, one `rev-list` per page.
import { compareCounts, compareStatus } from '../../commits/comparison.js';
import { DomainError } from '../../errors/domain-error.js';
import type { GraphqlContext } from '../core/context.js';
import { decodeCursor, encodeCursor, MAX_PAGE } from '../core/paginate.js';
import type { ComparisonResolvers, RefResolvers } from '../generated/resolvers-types.js';
import type { CommitConnectionModel, ComparisonModel, RefModel } from '../git/models.js';
import { findRef } from './refs.js';

async function compare(ctx: GraphqlContext, ref: RefModel, headRef: string): Promise<ComparisonModel | null> {
  const head = await findRef(ctx, ref.repo, headRef);
  if (head === null) return null;
  // Annotated tags compare by their commits.
  const [base, headCommit] = [`${ref.oid}^{commit}`, `${head.oid}^{commit}`];
  const counts = await compareCounts(ctx.services.git, ref.repo.id, base, headCommit).catch((error: unknown) => {
    // No common history (or a tag of no commit): nothing GitHub can compare either.
    if (error instanceof DomainError) return null;
    throw error;
  });
  if (counts === null) return null;
  const [baseOid, headOid] = (await ctx.services.git.git(ref.repo.id, ['rev-parse', base, headCommit]))
    .split('\n')
    .filter(Boolean);
  if (!baseOid || !headOid) return null;
  return { repo: ref.repo, base: baseOid, head: headOid, aheadBy: counts.aheadBy, behindBy: counts.behindBy };
}

/** The page `after`/`first` asks of base..head's `aheadBy` commits, oldest first: git counts --skip from the newest. */
async function commitsOf(
  ctx: GraphqlContext,
  comparison: ComparisonModel,
  args: { first?: number | null; after?: string | null },
): Promise<CommitConnectionModel> {
  const total = comparison.aheadBy;
  const offset = Math.min(total, args.after ? decodeCursor(args.after) : 0);
  const end = Math.min(total, offset + Math.max(0, Math.min(MAX_PAGE, args.first ?? MAX_PAGE)));
  const oids =
    end > offset
      ? (
          await ctx.services.git.git(comparison.repo.id, [
            'rev-list',
            `--skip=${total - end}`,
            `--max-count=${end - offset}`,
            `${comparison.base}..${comparison.head}`,
            '--',
          ])
        )
          .split('\n')
          .filter(Boolean)
          .reverse()
      : [];
  const edges = oids.map((oid, i) => ({
    cursor: encodeCursor(offset + i + 1),
    node: { repo: comparison.repo, oid, type: 'commit' as const },
  }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: offset + edges.length < total,
      hasPreviousPage: offset > 0,
    },
    count: async () => total,
  };
}

export const refCompareField: Pick<RefResolvers, 'compare'> = {
  compare: (ref, { headRef }, ctx) => compare(ctx, ref, headRef),
};

export const Comparison: ComparisonResolvers = {
  id: (c) => `CMP_${Buffer.from(`${c.repo.id}:${c.base}...${c.head}`).toString('base64url')}`,
  aheadBy: (c) => c.aheadBy,
  behindBy: (c) => c.behindBy,
  status: (c) => compareStatus(c).toUpperCase() as Uppercase<ReturnType<typeof compareStatus>>,
  baseTarget: (c) => ({ repo: c.repo, oid: c.base, type: 'commit' }),
  headTarget: (c) => ({ repo: c.repo, oid: c.head, type: 'commit' }),
  commits: (c, args, ctx) => commitsOf(ctx, c, args),
};
