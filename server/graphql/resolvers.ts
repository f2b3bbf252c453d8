// The resolver map for schema.graphql, checked against the generated types
// (a field missing from a mapped row type must have a resolver here).
import type { Resolvers } from './generated/resolvers-types.js';
import { accountType, organizationQuery, RepositoryOwner, userQuery, viewerQuery } from './resolvers/account.js';
import { Bot } from './accounts/bot-resolvers.js';
import { Organization } from './accounts/organization-resolvers.js';
import { User } from './accounts/user-resolvers.js';
import { Label, Milestone, repositoryLabelFields } from './resolvers/label-milestone.js';
import { Node, nodeQuery, nodesQuery } from './node.js';
import { Commit, GitActor } from './resolvers/commit.js';
import { GitObject, Tag } from './resolvers/git-object.js';
import { Ref } from './resolvers/refs.js';
import { repositorySettingsFields } from './resolvers/repository-settings.js';
import { repositoryForksField } from './resolvers/repository-forks.js';
import { commitDetailFields } from './resolvers/commit-details.js';
import { commitPullsField, refPullsField } from './pulls/associated-pulls.js';
import { Comparison, refCompareField } from './resolvers/ref-compare.js';
import { rateLimitQuery } from './resolvers/rate-limit.js';
import { Repository, repositoryQuery } from './resolvers/repository.js';
import { Blob, Tree, TreeEntry } from './resolvers/tree.js';
import { connectionFields } from './core/paginate.js';
import { absentFields } from './core/absent-feature.js';
import { Issue, IssueComment, repositoryIssueFields } from './issues/issue-resolvers.js';
import { repositoryAssignableUsersField } from './issues/assignable-users.js';
import { Actor, Assignable, IssueOrPullRequest, Labelable, Lockable } from './pulls/interfaces.js';
import { PullRequest } from './pulls/pull-resolvers.js';
import { pullReviewRequestsField, RequestedReviewer, ReviewRequest } from './pulls/review-requests.js';
import { issueProjectCardsField, pullProjectCardsField } from './issues/project-cards.js';
import {
  commentPullFields,
  labelPullFields,
  milestonePullFields,
  PullRequestCommit,
  repositoryPullFields,
} from './pulls/pull-connections.js';
import { Mutation } from './mutations.js';
import { mergeStateStatusField } from './pulls/merge-state-status.js';
import { searchQuery, SearchResultItem } from './search/search-resolvers.js';
import { pullReviewFields } from './reviews/pull-review-fields.js';
import { PullRequestReview, PullRequestReviewComment } from './reviews/review-resolvers.js';
import { PullRequestReviewThread } from './reviews/thread-resolvers.js';
import { CheckRun, CheckSuite } from './checks/check-resolvers.js';
import { commitCheckFields, StatusCheckRollup, StatusCheckRollupContext } from './checks/commit-check-fields.js';
import { CheckAnnotation, runAnnotationField, suiteRunFields } from './checks/suite-run-fields.js';
import { App, suiteAppField } from './checks/check-app.js';
import { commitStatusField, Status, StatusContext } from './statuses/status-resolvers.js';
import { pullIssue34Fields } from './pulls/issue34-pull-fields.js';
import { opinionatedReviewFields } from './reviews/opinionated-reviews.js';
import { reviewCommentExtraFields, reviewExtraFields } from './reviews/review-extra-fields.js';
import { pullRollupField, runAbsentFields, suiteAbsentFields, suitePullsField } from './checks/pull-check-fields.js';
import { statusCombinedContextsField } from './checks/status-combined-contexts.js';
import { Release, repositoryReleaseFields } from './releases/release-resolvers.js';
import { ReleaseAsset, releaseAssetsField } from './releases/release-asset-resolvers.js';
import { issueLabelableFields, labelIssueFields, milestoneIssueFields } from './issues/labelable.js';
import {
  reactableFields,
  Reactable,
  Reaction,
  ReactionConnection,
  ReactionGroup,
  Reactor,
} from './reactions/reaction-resolvers.js';
// Issue 34, issues group: the breadth of Issue, IssueComment, Milestone, Release and Query.
import { commentBreadthFields, issueBreadthFields } from './issues/issue-breadth.js';
import { issueTimelineFields, IssueTimelineItem, IssueTimelineItems } from './issues/issue-timeline.js';
import { timelineEventResolvers } from './issues/timeline-events.js';
import { pullTimelineFields, PullRequestTimelineItem, PullRequestTimelineItems } from './pulls/pull-timeline.js';
import { pullTimelineEventResolvers } from './pulls/pull-timeline-events.js';
import { milestoneBreadthFields } from './resolvers/milestone-breadth.js';
import { releaseTagFields } from './releases/release-tag.js';
import { queryBreadthFields } from './lookup/query-breadth.js';
import { repositoryResourcePath, UniformResourceLocatable } from './lookup/locatable.js';
import { commitRound2Fields, repositoryRound2Fields, round2Types } from './repository/repository-round2.js';
import { Gist } from './gists/gist-resolvers.js';
import { GistComment } from './gists/gist-comment-resolvers.js';
import { GistFile } from './gists/gist-file-resolvers.js';
import { ContributingGuidelines, PullRequestTemplate, repositoryFileFields } from './repository/repository-files.js';
// Issue 37: branch protection rules and teams.
import { BranchProtectionRule, refRuleField, repositoryRulesField } from './branch-protection/rule-resolvers.js';
import {
  allowanceActorUnions,
  BypassForcePushAllowance,
  BypassPullRequestAllowance,
  PushAllowance,
  ReviewDismissalAllowance,
} from './branch-protection/allowance-resolvers.js';
import { Team, TeamMemberEdge, TeamRepositoryEdge } from './teams/team-resolvers.js';

export const resolvers: Resolvers = {
  Query: {
    node: nodeQuery,
    nodes: nodesQuery,
    viewer: viewerQuery,
    user: userQuery,
    organization: organizationQuery,
    repository: repositoryQuery,
    rateLimit: rateLimitQuery,
    search: searchQuery,
    ...queryBreadthFields,
  },
  Mutation,
  Node,
  RepositoryOwner,
  User,
  Organization,
  Bot,
  // Its labels and milestones live with theirs (label-milestone.ts imports repository.ts).
  Repository: {
    ...Repository,
    ...repositoryLabelFields,
    ...repositoryIssueFields,
    ...repositoryAssignableUsersField,
    ...repositoryPullFields,
    ...repositoryReleaseFields,
    ...repositorySettingsFields,
    ...repositoryForksField,
    ...repositoryResourcePath,
    ...repositoryRound2Fields,
    ...repositoryFileFields,
    ...repositoryRulesField,
  },
  Ref: { ...Ref, ...refPullsField, ...refCompareField, ...refRuleField, ...absentFields(['refUpdateRule', 'rules']) },
  Comparison,
  ComparisonCommitConnection: connectionFields,
  RefConnection: connectionFields,
  GitObject,
  Commit: {
    ...Commit,
    ...commitStatusField,
    ...commitCheckFields,
    ...commitDetailFields,
    ...commitPullsField,
    ...commitRound2Fields,
  },
  ...round2Types,
  PullRequestTemplate,
  ContributingGuidelines,
  CommitConnection: connectionFields,
  CommitHistoryConnection: connectionFields,
  GitActor,
  Tree,
  TreeEntry,
  Blob,
  Tag,
  Label: { ...Label, ...labelIssueFields, ...labelPullFields },
  Milestone: { ...Milestone, ...milestoneIssueFields, ...milestonePullFields, ...milestoneBreadthFields },
  Issue: {
    ...Issue,
    ...issueLabelableFields,
    ...reactableFields,
    ...issueProjectCardsField,
    ...issueBreadthFields,
    ...issueTimelineFields,
  },
  IssueComment: { ...IssueComment, ...reactableFields, ...commentPullFields, ...commentBreadthFields },
  Reaction,
  ReactionGroup,
  ReactionConnection,
  Reactable,
  Reactor,
  Labelable,
  Actor,
  Assignable,
  Lockable,
  IssueOrPullRequest,
  SearchResultItem,
  PullRequest: {
    ...PullRequest,
    ...reactableFields,
    ...pullReviewFields,
    ...pullReviewRequestsField,
    ...pullProjectCardsField,
    ...mergeStateStatusField,
    ...pullIssue34Fields,
    ...opinionatedReviewFields,
    ...pullRollupField,
    ...pullTimelineFields,
  },
  ReviewRequest,
  RequestedReviewer,
  PullRequestCommit,
  PullRequestReview: { ...PullRequestReview, ...reactableFields, ...reviewExtraFields },
  PullRequestReviewComment: { ...PullRequestReviewComment, ...reactableFields, ...reviewCommentExtraFields },
  PullRequestReviewThread,
  CheckRun: { ...CheckRun, ...runAnnotationField, ...runAbsentFields },
  CheckSuite: { ...CheckSuite, ...suiteRunFields, ...suiteAppField, ...suiteAbsentFields, ...suitePullsField },
  App,
  CheckAnnotation,
  StatusCheckRollup,
  StatusCheckRollupContext,
  Status: { ...Status, ...statusCombinedContextsField },
  StatusContext,
  Release: { ...Release, ...releaseAssetsField, ...reactableFields, ...releaseTagFields },
  Gist,
  GistComment,
  GistFile,
  ReleaseAsset,
  ...timelineEventResolvers,
  IssueTimelineItems,
  IssueTimelineItem,
  ...pullTimelineEventResolvers,
  PullRequestTimelineItems,
  PullRequestTimelineItem,
  UniformResourceLocatable,
  SponsorableItem: { __resolveType: accountType },
  HovercardContext: { __resolveType: () => null },
  BranchProtectionRule,
  PushAllowance,
  BypassPullRequestAllowance,
  BypassForcePushAllowance,
  ReviewDismissalAllowance,
  ...allowanceActorUnions,
  Team,
  TeamMemberEdge,
  TeamRepositoryEdge,
};
