// A team body's fields as the service takes them: the deprecated `permission`
// is accepted and dropped, and a parent is named by id (another
// organization's team, or none, is the service's 422).
import type { TeamInput } from '../team-service.js';

export interface TeamBody {
  name?: string;
  description?: string | null;
  privacy?: 'secret' | 'closed';
  notification_setting?: 'notifications_enabled' | 'notifications_disabled';
  parent_team_id?: number | null;
}

export function teamInput(body: TeamBody): TeamInput {
  const input: TeamInput = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.description !== undefined) input.description = body.description;
  if (body.privacy !== undefined) input.privacy = body.privacy;
  if (body.notification_setting !== undefined) input.notification_setting = body.notification_setting;
  if (body.parent_team_id !== undefined) input.parent_team_id = body.parent_team_id;
  return input;
}
