// Commits: message, dates, author and committer (matched to users by
// email), tree, parents and history. A commit is parsed from `cat-file
// --batch` output, so a page of 50 commits is one git process; `history`
// lists its oids with one `git log`.
import { treePath } from '../../repos/tree-path.js';
import { reservedText } from '../core/answer-budget.js';
import { renderedText } from '../core/body-text.js';
import type { GraphqlContext } from '../core/context.js';
import type {
  CommitAuthor,
  CommitHistoryArgs,
  CommitResolvers,
  GitActorResolvers,
} from '../generated/resolvers-types.js';
import { filterArgs } from '../../commits/commit-list.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { CommitConnectionModel, GitActorModel, GitObjectModel } from '../git/models.js';
import { decodeCursor, encodeCursor, MAX_PAGE, paginate } from '../core/paginate.js';
import { parseCommit, splitMessage, type ParsedCommit } from '../git/parse-objects.js';
import { contentsOf, gitObjectFields, repositoryPath } from './git-object.js';

// Parsed once per object per request: several fields of one commit read the same bytes.
const parsed = new WeakMap<Buffer, ParsedCommit>();

export async function commitOf(ctx: GraphqlContext, commit: GitObjectModel): Promise<ParsedCommit> {
  const raw = await contentsOf(ctx, commit);
  let value = parsed.get(raw);
  if (!value) parsed.set(raw, (value = parseCommit(raw)));
  return value;
}

const noHistory = (skip: number): CommitConnectionModel => ({
  edges: [],
  pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: skip > 0 },
  count: async () => 0,
});

/** `author: {id}` is the user's addresses (email and noreply, as REST's `author=login`); `{emails}` those. Null: no one. */
async function authorAddresses(ctx: GraphqlContext, author: CommitAuthor | null | undefined): Promise<string[] | null> {
  if (!author) return [];
  if (author.id != null) {
    const id = decodeNodeIdOf(author.id, 'User');
    const account = id === null ? null : await ctx.loaders.accountById.load(id);
    return account ? [...(account.email ? [account.email] : []), ctx.services.urls.noreply(account)] : null;
  }
  return author.emails ?? [];
}

async function history(
  ctx: GraphqlContext,
  commit: GitObjectModel,
  args: CommitHistoryArgs,
): Promise<CommitConnectionModel> {
  const skip = args.after ? decodeCursor(args.after) : 0;
  const limit = Math.max(0, Math.min(MAX_PAGE, args.first ?? MAX_PAGE));
  // A path inside the tree, slashes at either end dropped ('' for the whole tree), as REST's commit list reads it;
  // one naming nothing (`..`, `a//b`, a NUL: git refuses some as outside the repository) has no history.
  const path = treePath(args.path ?? '');
  const authors = await authorAddresses(ctx, args.author);
  const texts = [...(authors ?? []), args.since ?? '', args.until ?? ''];
  if (path === null || authors === null || texts.some((text) => text.includes('\0'))) return noHistory(skip);
  // REST's list filters (exact addresses, any case; dates as git reads them), through the same git options.
  const { options } = filterArgs({
    authors,
    committers: [],
    since: args.since ?? undefined,
    until: args.until ?? undefined,
  });
  // --literal-pathspecs: a path is a path, never pathspec magic such as `:(glob)`; `--` ends the revisions.
  const pathArgs = path ? ['--', path] : [];
  const out = await ctx.services.git.git(commit.repo.id, [
    '--literal-pathspecs',
    'log',
    '--format=%H',
    ...options,
    `--skip=${skip}`,
    `--max-count=${limit + 1}`,
    commit.oid,
    ...pathArgs,
  ]);
  const oids = out.split('\n').filter(Boolean);
  const edges = oids.slice(0, limit).map((oid, i) => ({
    cursor: encodeCursor(skip + i + 1),
    node: { repo: commit.repo, oid, type: 'commit' as const },
  }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: oids.length > limit,
      hasPreviousPage: skip > 0,
    },
    count: async () =>
      Number(
        (
          await ctx.services.git.git(commit.repo.id, [
            '--literal-pathspecs',
            'rev-list',
            '--count',
            ...options,
            commit.oid,
            ...pathArgs,
          ])
        ).trim(),
      ),
  };
}

/**
 * A part of the message as GitHub renders commit messages: plain text (no
 * Markdown), escaped, with URLs and the references the viewer reads linked
 * (`#12` and shas in the commit's repository), through the answer's one batch.
 */
async function messageHTML(ctx: GraphqlContext, commit: GitObjectModel, text: string): Promise<string> {
  const context = `${commit.repo.owner_login}/${commit.repo.name}`;
  return (await renderedText(ctx, text, context, 'message')).html;
}

export const Commit: CommitResolvers = {
  ...gitObjectFields,
  message: async (commit, _args, ctx) => reservedText(ctx.answer, (await commitOf(ctx, commit)).message),
  messageHeadline: async (commit, _args, ctx) =>
    reservedText(ctx.answer, splitMessage((await commitOf(ctx, commit)).message).headline),
  messageBody: async (commit, _args, ctx) =>
    reservedText(ctx.answer, splitMessage((await commitOf(ctx, commit)).message).body),
  messageHeadlineHTML: async (commit, _args, ctx) =>
    messageHTML(ctx, commit, splitMessage((await commitOf(ctx, commit)).message).headline),
  messageBodyHTML: async (commit, _args, ctx) =>
    messageHTML(ctx, commit, splitMessage((await commitOf(ctx, commit)).message).body),
  authoredDate: async (commit, _args, ctx) => (await commitOf(ctx, commit)).author.utc,
  committedDate: async (commit, _args, ctx) => (await commitOf(ctx, commit)).committer.utc,
  author: async (commit, _args, ctx) => (await commitOf(ctx, commit)).author,
  committer: async (commit, _args, ctx) => (await commitOf(ctx, commit)).committer,
  authoredByCommitter: async (commit, _args, ctx) => {
    const { author, committer } = await commitOf(ctx, commit);
    return author.name === committer.name && author.email === committer.email;
  },
  tree: async (commit, _args, ctx) => ({
    repo: commit.repo,
    oid: (await commitOf(ctx, commit)).tree,
    type: 'tree',
    path: '',
  }),
  parents: async (commit, args, ctx) => {
    const { parents } = await commitOf(ctx, commit);
    return paginate(
      parents.map((oid) => ({ repo: commit.repo, oid, type: 'commit' as const })),
      args,
    );
  },
  history: (commit, args, ctx) => history(ctx, commit, args),
  resourcePath: (commit) => `${repositoryPath(commit.repo)}/commit/${commit.oid}`,
  url: (commit, _args, ctx) => ctx.services.urls.html(`${repositoryPath(commit.repo)}/commit/${commit.oid}`),
  treeUrl: async (commit, _args, ctx) => ctx.services.urls.html(`${repositoryPath(commit.repo)}/tree/${commit.oid}`),
};

export const GitActor: GitActorResolvers = {
  name: (actor) => actor.name,
  email: (actor) => actor.email,
  date: (actor) => actor.date,
  user: (actor, _args, ctx) => userOf(ctx, actor),
};

/** The user an author's address belongs to: their account email, or the noreply address Wharf writes for them. */
async function userOf(ctx: GraphqlContext, actor: GitActorModel) {
  const email = actor.email.toLowerCase();
  if (!email) return null;
  const host = ctx.services.config.noreplyHost.toLowerCase();
  const noreply = /^(\d{1,15})\+([^@]+)@users\.noreply\.(.+)$/.exec(email);
  if (noreply && noreply[3] === host) {
    const account = await ctx.loaders.accountById.load(Number(noreply[1]));
    return account && account.kind === 'User' && account.login.toLowerCase() === noreply[2] ? account : null;
  }
  return ctx.loaders.userByEmail.load(email);
}
