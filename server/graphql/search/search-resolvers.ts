// Query.search, GitHub's way, for `type: ISSUE` (what `gh pr status`,
// `gh search` and many bots send): q in the syntax of GitHub's issue search,
// read by REST's parser and filter, so both APIs find the same things under
// the same visibility. The page's issues and pull requests are loaded through
// the per-request loaders (one statement for each kind, however many searches
// the document makes), so they are the models every other field resolves.
import type { GraphqlContext } from '../core/context.js';
import { connection, twoWayWindow } from '../core/connection.js';
import type { QueryResolvers, SearchResultItemResolvers } from '../generated/resolvers-types.js';
import type { IssueModel } from '../issues/issue-models.js';
import { issueOrPull } from '../pulls/interfaces.js';
import type { PullModel } from '../pulls/pull-models.js';
import { parseIssueSearch } from '../../search/search-query.js';
import { asSearchError, unsupportedSearchType } from './search-errors.js';
import { MAX_SEARCH_RESULTS, searchPage, type SearchHitId } from '../../search/issue-search-page.js';

const load = (ctx: GraphqlContext, hit: SearchHitId): Promise<IssueModel | PullModel | null> =>
  hit.isPull ? ctx.loaders.pullById.load(hit.id) : ctx.loaders.issueById.load(hit.id);

export const searchQuery: NonNullable<QueryResolvers['search']> = async (_parent, args, ctx) => {
  if (args.type !== 'ISSUE') throw unsupportedSearchType(args.type);
  const window = twoWayWindow(args, 'search');
  try {
    const page = await searchPage(ctx.services.sql, ctx.principal, parseIssueSearch(args.query), window);
    // A row gone since the search (deleted meanwhile) stays as null, so the cursors still count positions.
    const models = await Promise.all(page.hits.map((hit) => load(ctx, hit)));
    return { ...connection(models, Math.min(page.total, MAX_SEARCH_RESULTS), page.window), issueCount: page.total };
  } catch (error) {
    throw asSearchError(error);
  }
};

export const SearchResultItem: SearchResultItemResolvers = { __resolveType: issueOrPull };
