// GitHub's team `url` names a team by ids (`/organizations/{org_id}/team/{team_id}/…`,
// rest-routes.ts teamIdAliases): the ids become the organization's login and the
// team's slug, and the operation under `/orgs/{org}/teams/{team_slug}` runs with
// them, so every visibility and permission check is the one by name (a team
// the caller may not see stays 404). Ids that are not numbers, or a team of
// another organization, are 404 as an unknown team is.
import { notFound } from '../errors/domain-error.js';
import type { ParamsRewrite } from '../http/rest-routes.js';
import { teamPathByIds } from './teams-store.js';

const ID = /^[1-9][0-9]{0,15}$/;

export const teamIdParams: ParamsRewrite = async (params, services) => {
  const { org_id: orgId, team_id: teamId, ...rest } = params;
  if (!orgId || !teamId || !ID.test(orgId) || !ID.test(teamId)) throw notFound();
  if (!Number.isSafeInteger(Number(orgId)) || !Number.isSafeInteger(Number(teamId))) throw notFound();
  const path = await teamPathByIds(services.sql, Number(orgId), Number(teamId));
  if (!path) throw notFound();
  return { ...rest, org: path.org, team_slug: path.slug };
};
