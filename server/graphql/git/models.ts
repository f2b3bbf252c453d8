// What the git resolvers pass to each other (the codegen mappers of the git
// types): a git object is its repository row plus its object id and type;
// its contents are read lazily, through the request's batch loaders
// (git-loaders.ts), only when a field needs them.
import type { RepositoryRow } from '../../repos/repository-row.js';

export type GitObjectType = 'commit' | 'tree' | 'blob' | 'tag';

export interface GitObjectModel {
  repo: RepositoryRow;
  oid: string;
  type: GitObjectType;
  /** Known when the object was found by `cat-file --batch-check` (blobs need it before their contents are read). */
  size?: number;
  /** For a tree or blob reached by a path (`main:docs`, a tree entry): that path, for its entries' `path`. */
  path?: string;
}

export interface RefModel {
  repo: RepositoryRow;
  /** The full name, e.g. `refs/heads/main`. */
  fullName: string;
  name: string;
  prefix: string;
  oid: string;
  /** The target's type when the ref list told it; read with `cat-file --batch-check` otherwise. */
  type?: GitObjectType;
}

export interface TreeEntryModel {
  repo: RepositoryRow;
  name: string;
  path: string;
  /** The mode as git writes it, in octal text (`100644`). */
  mode: string;
  type: GitObjectType | 'commit';
  oid: string;
}

export interface GitActorModel {
  name: string;
  email: string;
  /** ISO 8601 with the actor's own UTC offset (GitTimestamp). */
  date: string;
  /** The same instant in UTC (DateTime). */
  utc: string;
}

export interface EdgeModel<T> {
  cursor: string;
  node: T;
}

export interface ConnectionModel<T> {
  edges: EdgeModel<T>[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  /** Counted only when `totalCount` is asked for (it may cost a git process). */
  count: () => Promise<number>;
}

export type CommitConnectionModel = ConnectionModel<GitObjectModel>;
export type CommitEdgeModel = EdgeModel<GitObjectModel>;
export type RefConnectionModel = ConnectionModel<RefModel>;
export type RefEdgeModel = EdgeModel<RefModel>;

/** `Ref.compare`: the ref's commit (base) against another's (head), counted once when the comparison is found. */
export interface ComparisonModel {
  repo: RepositoryRow;
  base: string;
  head: string;
  aheadBy: number;
  behindBy: number;
}
