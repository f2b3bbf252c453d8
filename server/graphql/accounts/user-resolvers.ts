// User: the account row's data (login, name, the viewer's own email, site
// admin, timestamps), its repositories and memberships; and the fields of
// features Wharf has no data for, answered as GitHub answers a user without
// them (no profile text, follows, stars, sponsors, pins, projects…); its gists are
// graphql/gists/'s.
import type { UserResolvers } from '../generated/resolvers-types.js';
import { absentFields } from '../core/absent-feature.js';
import { accountFields, isViewer } from './account-fields.js';
import { userMembershipFields } from './membership-fields.js';
import { ownerRepositoryFields } from './owner-repository-fields.js';
import { pinFields } from './profile-fields.js';
import { OWNED_CONTENT_FIELDS, SPONSORABLE_FIELDS } from './absent-account-fields.js';
import { userAuthoredFields } from './authored-fields.js';
import { userGistFields } from '../gists/user-gist-fields.js';

export const User: UserResolvers = {
  ...accountFields,
  ...ownerRepositoryFields,
  ...userMembershipFields,
  ...pinFields,
  ...userAuthoredFields,
  ...userGistFields,
  name: (user) => user.name,
  // REST shows an address only to its owner (Wharf has no public-email setting): others get GitHub's "".
  email: (user, _args, ctx) => (isViewer(user, ctx) ? (user.email ?? '') : ''),
  isSiteAdmin: (user) => user.site_admin,
  isViewer: (user, _args, ctx) => isViewer(user, ctx),
  projectsResourcePath: (user) => `/users/${user.login}/projects`,
  projectsUrl: (user, _args, ctx) => ctx.services.urls.html(`/users/${user.login}/projects`),
  userViewType: () => 'PUBLIC',
  // No bio or company text: GitHub's HTML of none is the empty string, and a hovercard without contexts.
  bioHTML: () => '',
  companyHTML: () => '',
  hovercard: () => ({ contexts: [] }),
  ...absentFields([
    // Profile text Wharf does not keep (REST's public-user answers null for each).
    'bio',
    'company',
    'location',
    'pronouns',
    'twitterUsername',
    'websiteUrl',
    'status',
    'isHireable',
    // GitHub's programs and staff.
    'isBountyHunter',
    'isCampusExpert',
    'isDeveloperProgramMember',
    'isEmployee',
    'isGitHubStar',
    'copilotEndpoints',
    'enterprises',
    'canReceiveOrganizationEmailsWhenNotificationsRestricted',
    'organizationVerifiedDomainEmails',
    // Follows and stars (REST's followers/following: 0), watching, commit comments, public keys (no SSH).
    'followers',
    'following',
    'isFollowingViewer',
    'viewerCanFollow',
    'viewerIsFollowing',
    'starredRepositories',
    'watching',
    'commitComments',
    'publicKeys',
    'socialAccounts',
    'savedReplies',
    'interactionAbility',
    // Lists, packages, discussions, projects.
    'lists',
    'suggestedListNames',
    ...OWNED_CONTENT_FIELDS,
    ...SPONSORABLE_FIELDS,
  ]),
};
