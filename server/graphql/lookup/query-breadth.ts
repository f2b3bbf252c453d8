// Query's fields beyond the lookups of its own objects (issue 34): `meta`
// (GitHubMetadata, as REST's GET /meta answers: Wharf's git over HTTP takes
// tokens, never account passwords), `relay`, `repositoryOwner`, `resource`
// (resource-url.ts), and GitHub's answers for what Wharf lacks: enterprises,
// the Marketplace, security advisories, sponsors and topics. Codes of conduct
// and licenses come with issue 36 (their data); until then the lists are empty.
import { canMatchText } from '../../db/text-values.js';
import { absentFields } from '../core/absent-feature.js';
import type { QueryResolvers } from '../generated/resolvers-types.js';
import { resourceQuery } from './resource-url.js';

/** Query's `id`: the root object is one and the same for everyone. */
const QUERY_ID = 'Query';

export const queryBreadthFields: QueryResolvers = {
  ...absentFields([
    'codeOfConduct',
    'enterprise',
    'enterpriseAdministratorInvitation',
    'enterpriseAdministratorInvitationByToken',
    'enterpriseMemberInvitation',
    'enterpriseMemberInvitationByToken',
    'license',
    'licenses',
    'marketplaceCategories',
    'marketplaceCategory',
    'marketplaceListing',
    'marketplaceListings',
    'securityAdvisories',
    'securityAdvisory',
    'securityVulnerabilities',
    'sponsorables',
    'topic',
  ]),
  // GitHub answers a list, empty rather than null, when it has none.
  codesOfConduct: () => [],
  id: () => QUERY_ID,
  meta: () => ({ isPasswordAuthenticationVerifiable: false }),
  relay: (root) => root ?? {},
  repositoryOwner: async (_parent, { login }, ctx) => {
    const account = canMatchText(login) ? await ctx.services.accounts.byLogin(login) : null;
    // Apps' bot accounts own no repositories: GitHub finds neither a user nor an organization.
    return account !== null && account.kind !== 'Bot' ? account : null;
  },
  resource: resourceQuery,
};
