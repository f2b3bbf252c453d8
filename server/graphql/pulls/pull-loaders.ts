// Per-request loaders for pull requests (see ../loaders.ts): by issue id
// (`node`, payloads), by repository and number, pages per repository, label
// or milestone, each one statement for every parent asked in the same tick;
// and a pull request's commits and changed files, one git process each,
// remembered for the request (several fields of one connection read them).
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import type { GitRepositories } from '../../repos/git.js';
import type { Page } from '../../db/ranked-pages.js';
import { pullPages, pullsByIds, pullsByNumbers, type PullPageRequest } from '../../pulls/pull-batch-reads.js';
import { pageLoader } from '../resolvers/label-milestone-loaders.js';
import { authorAssociations } from '../../pulls/pull-author-associations.js';
import { participantIds } from '../../pulls/pull-participants.js';
import { squashCommitMessage } from '../../pulls/merge/merge-messages.js';
import { type AutoMergeRequest, autoMergesOf } from '../../pulls/auto-merge/auto-merge-store.js';
import type { AuthorAssociation } from '../../issues/issue-rows.js';
import { headBehindBase, pullChangedFiles, pullCommitOids, type PullShas } from './pull-git-reads.js';
import type { ChangedFileModel, PullModel } from './pull-models.js';
import { createReviewRequestLoader, type ReviewRequestModel } from './review-requests.js';

type PageLoader = DataLoader<{ repositoryId: number; page: PullPageRequest }, Page<PullModel>, string>;

export interface PullLoaders {
  pullById: DataLoader<number, PullModel | null>;
  pullByNumber: DataLoader<{ repositoryId: number; number: number }, PullModel | null, string>;
  pullPage: PageLoader;
  /** `Label.pullRequests` and `Milestone.pullRequests` (pageLoader's `repositoryId` is the label's or milestone's id). */
  labelPullPage: PageLoader;
  milestonePullPage: PageLoader;
  pullCommits: DataLoader<PullShas, string[], string>;
  pullFiles: DataLoader<PullShas, ChangedFileModel[], string>;
  /** Whether the head lacks commits of the base (viewerCanUpdateBranch), a few git processes at a time. */
  pullHeadBehind: DataLoader<PullShas, boolean, string>;
  /** The default squash message (viewerMergeBodyText), per pull request, a few git processes at a time. */
  pullSquashMessage: DataLoader<PullModel, string, number>;
  /** Pending review requests per pull request (its issue id). */
  reviewRequests: DataLoader<number, ReviewRequestModel[]>;
  /** The author's association with the repository, per pull request (its issue id). */
  pullAuthorAssociation: DataLoader<number, AuthorAssociation>;
  /** The ids of the people who took part in a pull request's conversation, in the order they joined it. */
  pullParticipants: DataLoader<number, number[]>;
  /** Its auto-merge request (pulls/auto-merge/), per pull request (its issue id). */
  autoMergeRequest: DataLoader<number, AutoMergeRequest | null>;
}

const shasKey = (shas: PullShas) => `${shas.repositoryId}:${shas.base}:${shas.head}`;

/** Git processes for a page of pull requests: a few at a time, so 100 pull requests' files do not start 100 processes at once. */
const GIT_AT_ONCE = 4;

async function fewAtOnce<K, V>(keys: readonly K[], read: (key: K) => Promise<V>): Promise<V[]> {
  const answers = new Array<V>(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      answers[index] = await read(keys[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(GIT_AT_ONCE, keys.length) }, worker));
  return answers;
}

export function createPullLoaders(sql: Sql, git: GitRepositories): PullLoaders {
  return {
    pullById: new DataLoader(async (ids) => {
      const found = await pullsByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    pullByNumber: new DataLoader(
      async (keys) => {
        const found = await pullsByNumbers(sql, keys);
        return keys.map((key) => found.get(`${key.repositoryId}:${key.number}`) ?? null);
      },
      { cacheKeyFn: (key) => `${key.repositoryId}:${key.number}` },
    ),
    pullPage: pageLoader((ids, page: PullPageRequest) => pullPages(sql, ids, page)),
    labelPullPage: pageLoader((ids, page: PullPageRequest) => pullPages(sql, ids, page, 'label')),
    milestonePullPage: pageLoader((ids, page: PullPageRequest) => pullPages(sql, ids, page, 'milestone')),
    pullCommits: new DataLoader((keys) => fewAtOnce(keys, (shas) => pullCommitOids(git, shas)), {
      cacheKeyFn: shasKey,
    }),
    pullFiles: new DataLoader((keys) => fewAtOnce(keys, (shas) => pullChangedFiles(git, shas)), {
      cacheKeyFn: shasKey,
    }),
    pullHeadBehind: new DataLoader((keys) => fewAtOnce(keys, (shas) => headBehindBase(git, shas)), {
      cacheKeyFn: shasKey,
    }),
    pullSquashMessage: new DataLoader(
      (pulls) =>
        fewAtOnce(pulls, (pull) =>
          squashCommitMessage(git, pull.repository_id, { issue: pull, pull }, pull.base_sha, {}),
        ),
      { cacheKeyFn: (pull) => pull.id },
    ),
    reviewRequests: createReviewRequestLoader(sql),
    pullAuthorAssociation: new DataLoader(async (ids) => {
      const found = await authorAssociations(sql, ids);
      return ids.map((id) => found.get(id) ?? 'NONE');
    }),
    pullParticipants: new DataLoader(async (ids) => {
      const found = await participantIds(sql, ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
    autoMergeRequest: new DataLoader(async (ids) => {
      const found = await autoMergesOf(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
  };
}

/** What this request's loaders remember of pull requests predates a change: a payload must show it after. */
export function clearPullLoaders(loaders: PullLoaders): void {
  for (const loader of [
    loaders.pullById,
    loaders.pullByNumber,
    loaders.pullPage,
    loaders.labelPullPage,
    loaders.milestonePullPage,
    loaders.reviewRequests,
    loaders.pullAuthorAssociation,
    loaders.pullParticipants,
    loaders.autoMergeRequest,
  ])
    loader.clearAll();
}
