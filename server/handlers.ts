// The handler of every operation in openapi.yaml, keyed by operationId. Each
// capability exports its own part (`<capability>/handlers/index.ts`); the
// `Handlers` type makes a missing or mistyped entry a compile error. Planned
// operations answer 501 until the issue named in openapi.yaml lands:
// `planned: async () => { throw new ApiError(501, 'Not Implemented'); }`.
import { accountsHandlers } from './accounts/handlers/index.js';
import { appsHandlers } from './apps/handlers/index.js';
import { appHooksHandlers } from './apps/app-hooks/handlers/index.js';
import { archivesHandlers } from './archives/handlers/index.js';
import { authHandlers } from './auth/handlers/index.js';
import { gistCommentsHandlers } from './gists/comments/handlers/index.js';
import { gitDataHandlers } from './git-data/handlers/index.js';
import { branchesHandlers } from './branches/handlers/index.js';
import { branchProtectionHandlers } from './branch-protection/handlers/index.js';
import { checksHandlers } from './checks/handlers/index.js';
import { codesOfConductHandlers } from './codes-of-conduct/handlers/index.js';
import { commitsHandlers } from './commits/handlers/index.js';
import { contentsHandlers } from './contents/handlers/index.js';
import { healthHandlers } from './health/handlers/index.js';
import { forksHandlers } from './forks/handlers/index.js';
import { gitignoreHandlers } from './gitignore/handlers/index.js';
import { gistsHandlers } from './gists/handlers/index.js';
import { emailsHandlers } from './emails/handlers/index.js';
import { emojisHandlers } from './emojis/handlers/index.js';
import { labelsHandlers } from './labels/handlers/index.js';
import { licensesHandlers } from './licenses/handlers/index.js';
import { codeownersHandlers } from './codeowners/handlers/index.js';
import { markdownHandlers } from './markdown/handlers/index.js';
import { withRenderedBodies } from './markdown/handlers/rendered-bodies.js';
import { metaHandlers } from './meta/handlers/index.js';
import { milestonesHandlers } from './milestones/handlers/index.js';
import { issuesHandlers } from './issues/handlers/index.js';
import { pullsHandlers } from './pulls/handlers/index.js';
import { oauthHandlers } from './oauth/handlers/index.js';
import { orgsHandlers } from './orgs/handlers/index.js';
import { rateLimitHandlers } from './rate-limit/handlers/index.js';
import { reactionsHandlers } from './reactions/handlers/index.js';
import { releasesHandlers } from './releases/handlers/index.js';
import { releaseAssetsHandlers } from './release-assets/handlers/index.js';
import { reposHandlers } from './repos/handlers/index.js';
import { repositoryDeletionHandlers } from './repository-deletion/handlers/index.js';
import { repositoryUpdateHandlers } from './repository-update/handlers/index.js';
import { reviewsHandlers } from './reviews/handlers/index.js';
import { reviewCommentsHandlers } from './reviews/comments/handlers/index.js';
import { searchHandlers } from './search/handlers/index.js';
import { statusesHandlers } from './statuses/handlers/index.js';
import { tagsHandlers } from './tags/handlers/index.js';
import { webhooksHandlers } from './webhooks/handlers/index.js';
import { collaboratorsHandlers } from './collaborators/handlers/index.js';
import { teamsHandlers } from './teams/handlers/index.js';
import { organizationHooksHandlers } from './webhooks/org-hooks/handlers/index.js';
import { repositoryCreationHandlers } from './repository-creation/handlers/index.js';
import { webHandlers } from './web/handlers/index.js';
import type { Handlers } from './http/operation-context.js';

// Operations answering a Markdown `body` also answer GitHub's media types (body_html, body_text).
export const handlers: Handlers = withRenderedBodies({
  ...accountsHandlers,
  ...appsHandlers,
  ...appHooksHandlers,
  ...archivesHandlers,
  ...authHandlers,
  ...gistCommentsHandlers,
  ...gitDataHandlers,
  ...branchesHandlers,
  ...branchProtectionHandlers,
  ...checksHandlers,
  ...codesOfConductHandlers,
  ...commitsHandlers,
  ...contentsHandlers,
  ...healthHandlers,
  ...forksHandlers,
  ...gitignoreHandlers,
  ...gistsHandlers,
  ...emailsHandlers,
  ...emojisHandlers,
  ...labelsHandlers,
  ...licensesHandlers,
  ...codeownersHandlers,
  ...markdownHandlers,
  ...metaHandlers,
  ...milestonesHandlers,
  ...issuesHandlers,
  ...pullsHandlers,
  ...oauthHandlers,
  ...orgsHandlers,
  ...rateLimitHandlers,
  ...reactionsHandlers,
  ...releasesHandlers,
  ...releaseAssetsHandlers,
  ...reposHandlers,
  ...repositoryDeletionHandlers,
  ...repositoryUpdateHandlers,
  ...reviewsHandlers,
  ...reviewCommentsHandlers,
  ...searchHandlers,
  ...statusesHandlers,
  ...tagsHandlers,
  ...webhooksHandlers,
  ...teamsHandlers,
  ...organizationHooksHandlers,
  ...repositoryCreationHandlers,
  ...webHandlers,
  ...collaboratorsHandlers,
});
