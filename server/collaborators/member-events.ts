// The `member` event GitHub sends to a repository's hooks: `added` when an
// invitation is accepted (or a grant made directly), `edited` when a
// collaborator's permission changes (with `changes.permission`), `removed`
// when the collaborator goes. Written with the change's transaction (the
// outbox): no event for a change that rolled back.
import type { Permission } from '../access/permissions.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { simpleUser } from '../repos/user-view.js';
import { type CallerEvent, emitCallerEvent } from '../webhooks/caller-events.js';
import { legacyPermission } from './collaborator-view.js';

export type MemberChange =
  | { action: 'added'; permission: Permission }
  | { action: 'edited'; from: Permission; to: Permission }
  | { action: 'removed' };

export async function emitMemberEvent(on: CallerEvent, member: AccountRow, change: MemberChange): Promise<void> {
  const fields: Record<string, unknown> = { member: simpleUser(member, on.urls) };
  if (change.action === 'added') {
    fields.changes = {
      permission: { to: legacyPermission(change.permission) },
      role_name: { to: change.permission },
    };
  } else if (change.action === 'edited') {
    fields.changes = {
      old_permission: { from: change.from },
      permission: { from: change.from, to: change.to },
    };
  }
  await emitCallerEvent(on, 'member', change.action, fields);
}
