// Per-request loaders for issues and comments (see loaders.ts): by id (node
// lookups, a comment's issue), by repository and number (`Repository.issue`),
// pages of issues per repository, label or milestone and of comments per issue, assignees and
// pins and labels per issue. Each batch is one statement for every parent asked in the
// same tick, so 50 issues with their assignees and comment counts cost what
// one issue does.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import type { Page } from '../../db/ranked-pages.js';
import { commentPages, commentsByIds } from '../../issues/comment-batch-reads.js';
import {
  assigneesOfIssues,
  issuePages,
  issuesByIds,
  issuesByNumbers,
  labelsOfIssues,
  pinnedAmong,
  type IssuePageRequest,
} from '../../issues/issue-batch-reads.js';
import type { LabelRow } from '../../labels/labels-store.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { TwoWayWindow } from '../core/connection.js';
import { pageLoader } from '../resolvers/label-milestone-loaders.js';
import { createAssignableUsersLoader, type AssignableKey } from './assignable-users.js';
import {
  authorAssociationsOfIssues,
  participantsOfIssues,
  timelinePages,
  type TimelineEntryRow,
  type TimelineRequest,
} from '../../issues/issue-timeline-batch-reads.js';
import type { AuthorAssociation } from '../../issues/issue-rows.js';
import type { CommentModel, IssueModel } from './issue-models.js';
import { createClosingPullsLoader, type ClosingPullsLoader } from './closed-by-pulls.js';

export interface CommentPageRequest {
  window: TwoWayWindow;
  orderBy: { field: 'UPDATED_AT'; direction: 'ASC' | 'DESC' } | null;
}

export interface IssueLoaders {
  issueById: DataLoader<number, IssueModel | null>;
  issueByNumber: DataLoader<{ repositoryId: number; number: number }, IssueModel | null, string>;
  issuePage: DataLoader<{ repositoryId: number; page: IssuePageRequest }, Page<IssueModel>, string>;
  /** `Label.issues` and `Milestone.issues` (pageLoader's `repositoryId` is the label's or milestone's id). */
  labelIssuePage: DataLoader<{ repositoryId: number; page: IssuePageRequest }, Page<IssueModel>, string>;
  milestoneIssuePage: DataLoader<{ repositoryId: number; page: IssuePageRequest }, Page<IssueModel>, string>;
  commentById: DataLoader<number, CommentModel | null>;
  commentPage: DataLoader<{ repositoryId: number; page: CommentPageRequest }, Page<CommentModel>, string>;
  assignees: DataLoader<number, AccountRow[]>;
  pinned: DataLoader<number, boolean>;
  labelsOfIssue: DataLoader<number, LabelRow[]>;
  /** `Repository.assignableUsers`, per repository and `query`. */
  assignableUsers: DataLoader<AssignableKey, AccountRow[], string>;
  /** `Issue.timelineItems` (pageLoader's `repositoryId` is the issue's id). */
  timelinePage: DataLoader<{ repositoryId: number; page: TimelineRequest }, Page<TimelineEntryRow>, string>;
  issueAuthorAssociation: DataLoader<number, AuthorAssociation>;
  /** Account ids of an issue's author and commenters, in order of first taking part. */
  participantIds: DataLoader<number, number[]>;
  /** Pull requests whose description may close an issue (closed-by-pulls.ts). */
  closingPulls: ClosingPullsLoader;
}

export function createIssueLoaders(sql: Sql): IssueLoaders {
  return {
    issueById: new DataLoader(async (ids) => {
      const found = await issuesByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    issueByNumber: new DataLoader(
      async (keys) => {
        const found = await issuesByNumbers(sql, keys);
        return keys.map((key) => found.get(`${key.repositoryId}:${key.number}`) ?? null);
      },
      { cacheKeyFn: (key) => `${key.repositoryId}:${key.number}` },
    ),
    issuePage: pageLoader((ids, page: IssuePageRequest) => issuePages(sql, ids, page)),
    labelIssuePage: pageLoader((ids, page: IssuePageRequest) => issuePages(sql, ids, page, 'label')),
    milestoneIssuePage: pageLoader((ids, page: IssuePageRequest) => issuePages(sql, ids, page, 'milestone')),
    commentById: new DataLoader(async (ids) => {
      const found = await commentsByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    // Keyed by the issue's id (pageLoader's `repositoryId` is the parent's id).
    commentPage: pageLoader((ids, page: CommentPageRequest) => commentPages(sql, ids, page.window, page.orderBy)),
    assignees: new DataLoader(async (ids) => {
      const found = await assigneesOfIssues(sql, ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    labelsOfIssue: new DataLoader(async (ids) => {
      const found = await labelsOfIssues(sql, ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    assignableUsers: createAssignableUsersLoader(sql),
    timelinePage: pageLoader((ids, page: TimelineRequest) => timelinePages(sql, ids, page)),
    issueAuthorAssociation: new DataLoader(async (ids) => {
      const found = await authorAssociationsOfIssues(sql, ids);
      return ids.map((id) => found.get(id) ?? 'NONE');
    }),
    participantIds: new DataLoader(async (ids) => {
      const found = await participantsOfIssues(sql, ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    closingPulls: createClosingPullsLoader(sql),
    pinned: new DataLoader(async (ids) => {
      const found = await pinnedAmong(sql, ids);
      return ids.map((id) => found.has(id));
    }),
  };
}
