// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { listRepositoryTeams } from './repos-list-teams.js';
import { setTeamMembership } from './teams-add-or-update-membership-for-user-in-org.js';
import { setTeamRepositoryHandler } from './teams-add-or-update-repo-permissions-in-org.js';
import { checkTeamRepository } from './teams-check-permissions-for-repo-in-org.js';
import { createTeamHandler } from './teams-create.js';
import { deleteTeamHandler } from './teams-delete-in-org.js';
import { getTeamByName } from './teams-get-by-name.js';
import { getTeamMembership } from './teams-get-membership-for-user-in-org.js';
import { listTeams } from './teams-list.js';
import { listChildTeams } from './teams-list-child-in-org.js';
import { listMyTeams } from './teams-list-for-authenticated-user.js';
import { listTeamMembers } from './teams-list-members-in-org.js';
import { listTeamRepositories } from './teams-list-repos-in-org.js';
import { removeTeamMembership } from './teams-remove-membership-for-user-in-org.js';
import { removeTeamRepositoryHandler } from './teams-remove-repo-in-org.js';
import { updateTeamHandler } from './teams-update-in-org.js';

export const teamsHandlers = {
  'teams/list': listTeams,
  'teams/create': createTeamHandler,
  'teams/get-by-name': getTeamByName,
  'teams/update-in-org': updateTeamHandler,
  'teams/delete-in-org': deleteTeamHandler,
  'teams/list-child-in-org': listChildTeams,
  'teams/list-members-in-org': listTeamMembers,
  'teams/get-membership-for-user-in-org': getTeamMembership,
  'teams/add-or-update-membership-for-user-in-org': setTeamMembership,
  'teams/remove-membership-for-user-in-org': removeTeamMembership,
  'teams/list-repos-in-org': listTeamRepositories,
  'teams/check-permissions-for-repo-in-org': checkTeamRepository,
  'teams/add-or-update-repo-permissions-in-org': setTeamRepositoryHandler,
  'teams/remove-repo-in-org': removeTeamRepositoryHandler,
  'teams/list-for-authenticated-user': listMyTeams,
  'repos/list-teams': listRepositoryTeams,
} satisfies Partial<Handlers>;
