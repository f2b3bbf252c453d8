// The PullRequest fields of features Wharf does not have, answered as GitHub
// answers a pull request without them (core/absent-feature.ts): no merge
// queue, no projects, no notifications or subscriptions, no
// reviewer suggestions, no replies by email, no edit history.
import { absentFields } from '../core/absent-feature.js';

export const pullAbsentFields = absentFields([
  'createdViaEmail',
  'editor',
  'includesCreatedEdit',
  'isInMergeQueue',
  'isMergeQueueEnabled',
  'isReadByViewer',
  'lastEditedAt',
  'mergeQueue',
  'mergeQueueEntry',
  'projectV2',
  'projectsV2',
  'suggestedReviewers',
  'userContentEdits',
  // Bypassing branch protection: Wharf has none to bypass.
  'viewerCanMergeAsAdmin',
  'viewerCanSubscribe',
  'viewerSubscription',
]);
