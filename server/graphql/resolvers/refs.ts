// Refs and the repository's ways into its git data: `ref(qualifiedName)`,
// `refs(refPrefix, …)`, `object(expression | oid)`. The ref list is one
// `for-each-ref` per repository per request; objects are resolved by
// `cat-file --batch-check` reading the names on stdin (never arguments), and
// an expression that could be an option is refused outright.
import { Buffer } from 'node:buffer';
import { FULL_OID } from '../../ids/git-object-node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import type { RefResolvers, RepositoryRefsArgs, RepositoryResolvers } from '../generated/resolvers-types.js';
import { isSafeExpression } from '../git/cat-file.js';
import type { RefRecord } from '../git/git-loaders.js';
import type { GitObjectModel, RefModel, RefConnectionModel } from '../git/models.js';
import { paginate } from '../core/paginate.js';
import { objectByOid } from './git-object.js';

export const BRANCH_PREFIX = 'refs/heads/';
const TAG_PREFIX = 'refs/tags/';

/** A stable opaque id for a ref: the repository id and the full ref name. */
export function refId(repositoryId: number, fullName: string): string {
  return `REF_${Buffer.from(`${repositoryId}:${fullName}`).toString('base64url')}`;
}

/** Splits a full name as GitHub does: `refs/heads/` + `main`; other namespaces at their last slash. */
export function refModel(
  repo: RepositoryRow,
  record: Pick<RefRecord, 'fullName' | 'oid'> & Partial<RefRecord>,
  prefix?: string,
): RefModel {
  const split =
    prefix ??
    [BRANCH_PREFIX, TAG_PREFIX].find((p) => record.fullName.startsWith(p)) ??
    record.fullName.slice(0, record.fullName.lastIndexOf('/') + 1);
  return {
    repo,
    fullName: record.fullName,
    name: record.fullName.slice(split.length),
    prefix: split,
    oid: record.oid,
    ...(record.type ? { type: record.type } : {}),
  };
}

function defaultBranchModel(repo: RepositoryRow, oid: string): RefModel {
  return refModel(repo, { fullName: BRANCH_PREFIX + repo.default_branch, oid }, BRANCH_PREFIX);
}

export const Ref: RefResolvers = {
  id: (ref) => refId(ref.repo.id, ref.fullName),
  name: (ref) => ref.name,
  prefix: (ref) => ref.prefix,
  repository: (ref) => ref.repo,
  target: (ref, _args, ctx) =>
    ref.type ? { repo: ref.repo, oid: ref.oid, type: ref.type } : objectByOid(ctx, ref.repo, ref.oid),
};

/** Fully qualified names first, then the short name as a branch, then as a tag. */
export async function findRef(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  qualifiedName: string,
): Promise<RefModel | null> {
  const refs = await ctx.loaders.git.refs.load(repo);
  for (const candidate of [qualifiedName, BRANCH_PREFIX + qualifiedName, TAG_PREFIX + qualifiedName]) {
    if (!candidate.startsWith('refs/')) continue;
    const record = refs.find((r) => r.fullName === candidate);
    if (record) return refModel(repo, record);
  }
  return null;
}

const byName = (a: RefRecord, b: RefRecord) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0);

async function listRefs(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  args: RepositoryRefsArgs,
): Promise<RefConnectionModel> {
  const { refPrefix, query, orderBy } = args;
  let records = (await ctx.loaders.git.refs.load(repo)).filter(
    (r) => r.fullName.startsWith(refPrefix) && r.fullName.length > refPrefix.length,
  );
  if (query) records = records.filter((r) => r.fullName.slice(refPrefix.length).includes(query));
  const sorted = [...records].sort(
    orderBy?.field === 'TAG_COMMIT_DATE' ? (a, b) => a.commitDate - b.commitDate || byName(a, b) : byName,
  );
  if (orderBy?.direction === 'DESC') sorted.reverse();
  return paginate(
    sorted.map((record) => refModel(repo, record, refPrefix)),
    args,
  );
}

/** `object(oid:)` or `object(expression:)`; null for anything git does not resolve or that is refused. */
async function findObject(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  { expression, oid }: { expression?: string | null; oid?: string | null },
): Promise<GitObjectModel | null> {
  if (oid != null) return FULL_OID.test(oid.toLowerCase()) ? objectByOid(ctx, repo, oid.toLowerCase()) : null;
  if (expression == null || !isSafeExpression(expression)) return null;
  const info = await ctx.loaders.git.objectInfo.load({ repo, name: expression });
  if (info === null) return null;
  // `main:docs/a.md`: the path, for the entries' `path` of a tree found this way.
  const colon = expression.indexOf(':');
  const path =
    colon >= 0 && info.type !== 'commit' && info.type !== 'tag'
      ? expression.slice(colon + 1).replace(/\/+$/, '')
      : undefined;
  return { repo, oid: info.oid, type: info.type, size: info.size, ...(path === undefined ? {} : { path }) };
}

export const repositoryGitFields: Pick<RepositoryResolvers, 'defaultBranchRef' | 'ref' | 'refs' | 'object'> = {
  defaultBranchRef: async (repo, _args, ctx) => {
    const oid = await ctx.services.git.resolveRef(repo.id, BRANCH_PREFIX + repo.default_branch);
    return oid === null ? null : defaultBranchModel(repo, oid);
  },
  ref: (repo, { qualifiedName }, ctx) => findRef(ctx, repo, qualifiedName),
  refs: (repo, args, ctx) => listRefs(ctx, repo, args),
  object: (repo, args, ctx) => findObject(ctx, repo, args),
};
