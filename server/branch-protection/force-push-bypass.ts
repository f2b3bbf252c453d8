// Force pushes where a rule refuses them (`allow_force_pushes` off): the
// actors of the rule's bypass list (GraphQL's bypassForcePushAllowances,
// migration 047) may still force-push, a team's members (nested teams too)
// and an app's installation tokens as push restrictions count them
// (push-restrictions.ts). Asked by every path that moves a ref: ref-guard.ts
// for the APIs, push-protection.ts for git push.
import type { Sql, TransactionSql } from '../db/database.js';
import type { ProtectionRow } from './protections-store.js';
import { mayPushUnder, type PushActor } from './push-restrictions.js';

/** Whether `actor` may force-push to a branch `rule` protects. */
export async function mayForcePush(
  sql: Sql | TransactionSql,
  rule: ProtectionRow,
  actor: PushActor | undefined,
): Promise<boolean> {
  if (rule.allow_force_pushes) return true;
  const lists = rule.bypass_force_push_allowances;
  if (actor === undefined || lists.users.length + lists.teams.length + lists.apps.length === 0) return false;
  return mayPushUnder(sql, lists, actor);
}
