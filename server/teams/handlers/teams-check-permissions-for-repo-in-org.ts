import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { repositoryView } from '../../repos/repository-view.js';
import { teamPermissionOn, teamRepositoryTarget } from './team-repository-target.js';
import { teamRequest } from './team-request.js';

const REPOSITORY_MEDIA_TYPE = 'application/vnd.github.v3.repository+json';

// 204 when the team has access (its own or a parent team's), 404 when not;
// GitHub's repository media type asks for the repository with the team's permissions.
export const checkTeamRepository: Handler<'teams/check-permissions-for-repo-in-org'> = async (ctx) => {
  const { team } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  const { repo } = await teamRepositoryTarget(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const permission = await teamPermissionOn(ctx.services.sql, team.id, repo.id);
  if (permission === null) throw notFound();
  const accept = (ctx.event.req.headers.get('accept') ?? '').toLowerCase();
  if (!accept.includes(REPOSITORY_MEDIA_TYPE)) return { status: 204, body: undefined };
  return { status: 200, body: { ...repositoryView(repo, permission, ctx.services.urls), role_name: permission } };
};
