// Per-request loaders for reactions (see loaders.ts): by id (node lookups and
// mutation payloads), a page per subject (`reactions`, and a group's
// `reactors`/`users`), and a summary per subject (a group's `createdAt` and
// `viewerHasReacted`, a connection's `viewerHasReacted`). A page of 50 issues
// with their reaction groups costs one summary statement for all of them.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { SUBJECT_KINDS } from '../../reactions/reaction-subject.js';
import type { Page } from '../../db/ranked-pages.js';
import { pageLoader } from '../resolvers/label-milestone-loaders.js';
import type { ReactionModel } from './reaction-models.js';
import {
  reactionPages,
  reactionsByIds,
  reactionSummaries,
  type ReactionPageRequest,
  type ReactionSummary,
  type SubjectKind,
} from '../../reactions/reaction-batch-reads.js';

export interface ReactionLoaders {
  reactionById: DataLoader<number, ReactionModel | null>;
  /** Keyed by the subject's id (pageLoader's `repositoryId`); the kind is part of the page request. */
  reactionPage: DataLoader<{ repositoryId: number; page: ReactionPageRequest }, Page<ReactionModel>, string>;
  reactionSummary: DataLoader<{ kind: SubjectKind; id: number }, ReactionSummary, string>;
}

export function createReactionLoaders(sql: Sql, viewerId: number | null): ReactionLoaders {
  return {
    reactionById: new DataLoader(async (ids) => {
      const found = await reactionsByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    reactionPage: pageLoader((ids, page: ReactionPageRequest) => reactionPages(sql, ids, page)),
    reactionSummary: new DataLoader(
      async (keys) => {
        const found = await Promise.all(
          SUBJECT_KINDS.map(async (kind) => {
            const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
            return ids.length ? reactionSummaries(sql, kind, ids, viewerId) : new Map<number, ReactionSummary>();
          }),
        );
        return keys.map((key) => found[SUBJECT_KINDS.indexOf(key.kind)]!.get(key.id) ?? new Map());
      },
      { cacheKeyFn: (key) => `${key.kind}:${key.id}` },
    ),
  };
}
