// Branch protection for a git push: the update hook's WHARF_PROTECTED
// (git-http/push-hook.ts) for this caller and these ref updates. The server
// decides here what needs the database (a pull request or status checks
// required, lock, deletion, creation: ref-guard.ts, the same decision the
// APIs use); the hook checks what needs the pushed objects (force pushes,
// merge commits) inside git's quarantine. A push whose commands could not be
// read gets each rule as a pattern (a shell glob: `*` there also crosses `/`).
import type { Permission } from '../access/permissions.js';
import type { Sql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { MESSAGES, holdingRule, refusalBeforeObjects } from './ref-guard.js';
import { type ProtectionRow, protectionsOf } from './protections-store.js';
import { mayPushUnder, type PushActor, RESTRICTED_MESSAGE } from './push-restrictions.js';
import { mayForcePush } from './force-push-bypass.js';

export interface PushedRef {
  ref: string;
  old?: string;
  new?: string;
}

const ZERO = /^0+$/;
/** Tabs and line ends would break the hook's lines. */
const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

/** `forcing`: whether this caller may force-push here (the rule allows it, or lists the caller: force-push-bypass.ts). */
function hookFlags(rule: ProtectionRow, forcing: boolean): string {
  return `${forcing ? '' : 'F'}${rule.required_linear_history ? 'M' : ''}`;
}

/** The hook's environment, or {} when no rule holds this caller on any of these refs. */
export async function pushProtectionEnv(
  sql: Sql,
  repo: RepositoryRow,
  permission: Permission | null,
  commands: readonly PushedRef[] | null,
  actor?: PushActor,
): Promise<Record<string, string>> {
  const restricted = async (rule: ProtectionRow) =>
    actor !== undefined && !(await mayPushUnder(sql, rule.restrictions, actor));
  const flags = async (rule: ProtectionRow) => hookFlags(rule, await mayForcePush(sql, rule, actor));
  const rules = await protectionsOf(sql, repo.id);
  if (rules.length === 0) return {};
  const lines: string[] = [];
  if (commands === null) {
    for (const rule of rules) {
      if (!rule.enforce_admins && permission === 'admin') continue;
      const ruleFlags = `U${rule.lock_branch ? 'L' : ''}${rule.allow_deletions ? '' : 'D'}${await flags(rule)}`;
      const reason = (await restricted(rule))
        ? RESTRICTED_MESSAGE
        : rule.required_pull_request_reviews || rule.required_status_checks
          ? MESSAGES.pullRequest
          : '';
      lines.push(`refs/heads/${rule.pattern.replace(/\*\*/g, '*')}\t${ruleFlags}\t${reason}`);
    }
  } else {
    for (const command of commands) {
      const rule = holdingRule(rules, command.ref, permission);
      if (rule === null) continue;
      const update = {
        ref: command.ref,
        before: !command.old || ZERO.test(command.old) ? null : command.old,
        after: !command.new || ZERO.test(command.new) ? null : command.new,
      };
      const reason = (await restricted(rule))
        ? RESTRICTED_MESSAGE
        : await refusalBeforeObjects(sql, repo, rule, update, 'push');
      // A deletion the rule allows needs no flags; one it refuses carries its reason.
      lines.push(`${command.ref}\t${await flags(rule)}\t${oneLine(reason ?? '')}`);
    }
  }
  return lines.length === 0 ? {} : { WHARF_PROTECTED: lines.join('\n') };
}
