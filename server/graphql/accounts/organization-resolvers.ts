// Organization: the account row's data, its repositories and members (as the
// caller may see them), the viewer's standing in it, its pages; teams come
// (teams/organization-team-fields.ts, issue 37); the fields of features
// Wharf lacks answered as GitHub answers an organization without them.
import type { OrganizationResolvers } from '../generated/resolvers-types.js';
import { absentFields, emptyConnection } from '../core/absent-feature.js';
import { organizationTeamFields } from '../teams/organization-team-fields.js';
import { accountFields } from './account-fields.js';
import { organizationMembershipFields } from './membership-fields.js';
import { ownerRepositoryFields } from './owner-repository-fields.js';
import { pinFields } from './profile-fields.js';
import { OWNED_CONTENT_FIELDS, SPONSORABLE_FIELDS } from './absent-account-fields.js';

const orgPage = (login: string, page: string) => `/orgs/${login}/${page}`;

export const Organization: OrganizationResolvers = {
  ...accountFields,
  ...ownerRepositoryFields,
  ...organizationMembershipFields,
  ...pinFields,
  name: (org) => org.name,
  ...organizationTeamFields,
  teamsResourcePath: (org) => orgPage(org.login, 'teams'),
  teamsUrl: (org, _args, ctx) => ctx.services.urls.html(orgPage(org.login, 'teams')),
  newTeamResourcePath: (org) => orgPage(org.login, 'new-team'),
  newTeamUrl: (org, _args, ctx) => ctx.services.urls.html(orgPage(org.login, 'new-team')),
  projectsResourcePath: (org) => orgPage(org.login, 'projects'),
  projectsUrl: (org, _args, ctx) => ctx.services.urls.html(orgPage(org.login, 'projects')),
  // Wharf has no IP allow lists nor notification restrictions.
  ipAllowListEnabledSetting: () => 'DISABLED',
  ipAllowListForInstalledAppsEnabledSetting: () => 'DISABLED',
  notificationDeliveryRestrictionEnabledSetting: () => 'DISABLED',
  // Whoever reads a private repository may fork it (forks/create-fork.ts); no sign-off is asked of web commits.
  membersCanForkPrivateRepositories: () => true,
  webCommitSignoffRequired: () => false,
  // GitHub lists an organization without rulesets as an empty connection (the type allows null).
  rulesets: (_org, args) => emptyConnection(args),
  ...absentFields([
    // Profile text Wharf does not keep (REST's organization body: description null, no email).
    'description',
    'descriptionHTML',
    'email',
    'location',
    'twitterUsername',
    'websiteUrl',
    'isVerified',
    'archivedAt',
    'announcement',
    'announcementBanner',
    'announcementCreatedAt',
    'announcementExpiresAt',
    'announcementUserDismissible',
    'interactionAbility',
    // Invitations, member statuses, mannequins.
    'pendingMembers',
    'memberStatuses',
    'mannequins',
    // Enterprise and security settings GitHub keeps for organizations.
    'auditLog',
    'domains',
    'enterpriseOwners',
    'ipAllowListEntries',
    'organizationBillingEmail',
    'requiresTwoFactorAuthentication',
    'samlIdentityProvider',
    'repositoryMigrations',
    'ruleset',
    ...OWNED_CONTENT_FIELDS,
    // Follows and sponsors.
    'viewerIsFollowing',
    ...SPONSORABLE_FIELDS,
  ]),
};
