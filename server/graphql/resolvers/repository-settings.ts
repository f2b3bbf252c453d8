// Repository fields GitHub reads from its settings and the repository's
// state: merge settings and the messages REST reports (full-repository's
// `merge_commit_title` …), visibility, addresses, what the viewer may do, and
// the features Wharf does not have, answered as GitHub answers for a
// repository without them (absentFields).
import { sshUrl } from '../../repos/repository-view.js';
import { absentFields, emptyConnection } from '../core/absent-feature.js';
import type { RepositoryResolvers } from '../generated/resolvers-types.js';
import { repositoryPath } from './git-object.js';
import { licenseInfo } from './license-info.js';

/** Features Wharf lacks: no stars, watching, topics, discussions, projects, packages, deployments, rules, alerts … */
const absent = absentFields([
  'allowUpdateBranch',
  'commitComments',
  'dependencyGraphManifests',
  'deployKeys',
  'deployments',
  'discussion',
  'discussionCategories',
  'discussionCategory',
  'discussions',
  'environment',
  'environments',
  'hasDiscussionsEnabled',
  'hasSponsorshipsEnabled',
  'hasVulnerabilityAlertsEnabled',
  'interactionAbility',
  'isDisabled',
  'isLocked',
  'isMirror',
  'isTemplate',
  'lockReason',
  'mergeQueue',
  'mirrorUrl',
  'packages',
  'pinnedDiscussions',
  'pinnedEnvironments',
  'primaryLanguage',
  'project',
  'projectV2',
  'projects',
  'projectsV2',
  'recentProjects',
  'repositoryTopics',
  'ruleset',
  'rulesets',
  'squashPrTitleUsedAsDefault',
  'stargazerCount',
  'stargazers',
  'tempCloneToken',
  'templateRepository',
  'usesCustomOpenGraphImage',
  'viewerCanCreateProjects',
  'viewerCanSubscribe',
  'viewerCanUpdateTopics',
  'viewerHasStarred',
  'viewerSubscription',
  'vulnerabilityAlert',
  'watchers',
  'webCommitSignoffRequired',
]);

export const repositorySettingsFields: RepositoryResolvers = {
  ...absent,
  // GitHub answers an empty connection, not null, for a repository with no detected language or alert
  // (Renovate reads `vulnerabilityAlerts.edges`); Wharf detects no languages (REST's `language` is null).
  languages: (_repo, args) => emptyConnection(args),
  vulnerabilityAlerts: (_repo, args) => emptyConnection(args),
  // The messages REST's full-repository reports: Wharf merges with GitHub's defaults.
  mergeCommitMessage: () => 'PR_TITLE',
  mergeCommitTitle: () => 'MERGE_MESSAGE',
  squashMergeCommitMessage: () => 'COMMIT_MESSAGES',
  squashMergeCommitTitle: () => 'COMMIT_OR_PR_TITLE',
  forkingAllowed: () => true,
  // Wharf has no issue templates, so nothing turns blank issues off.
  isBlankIssuesEnabled: () => true,
  hasProjectsEnabled: (repo) => repo.has_projects,
  isInOrganization: (repo) => repo.owner_kind === 'Organization',
  // GitHub's profile README repository: a user's repository named as its owner.
  isUserConfigurationRepository: (repo) =>
    repo.owner_kind === 'User' && repo.name.toLowerCase() === repo.owner_login.toLowerCase(),
  isEmpty: async (repo, _args, ctx) => (await ctx.loaders.git.refs.load(repo)).length === 0,
  visibility: (repo) => (repo.private ? 'PRIVATE' : 'PUBLIC'),
  resourcePath: (repo) => repositoryPath(repo),
  projectsResourcePath: (repo) => `${repositoryPath(repo)}/projects`,
  projectsUrl: (repo, _args, ctx) => ctx.services.urls.html(`${repositoryPath(repo)}/projects`),
  sshUrl: (repo, _args, ctx) => sshUrl(`${repo.owner_login}/${repo.name}`, ctx.services.urls),
  viewerCanAdminister: async (repo, _args, ctx) => (await ctx.access.viewerPermission(repo)) === 'admin',
  // GitHub remembers the viewer's last method; Wharf offers the first the repository allows, in GitHub's order.
  viewerDefaultMergeMethod: (repo) =>
    repo.allow_merge_commit
      ? 'MERGE'
      : repo.allow_squash_merge
        ? 'SQUASH'
        : repo.allow_rebase_merge
          ? 'REBASE'
          : 'MERGE',
  // KiB of the bare repository on disk, measured at its last ref change (REST's `size` is the same column).
  diskUsage: (repo) => repo.size_kib,
  // The default branch's license, kept at each of its changes (REST's `license` is the same column).
  licenseInfo: (repo) => (repo.license ? licenseInfo(repo.license) : null),
};
