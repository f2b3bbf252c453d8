// Organization memberships as GitHub's memberships API shows them: `active`
// (a row of org_members) or `pending` (an organization invitation of the
// user, not expired). Each change publishes the organization's invalidation
// in its transaction, so every process drops the access it cached. A pending
// membership and an organization invitation (org-invitations.ts) are one row.
import { membershipOf, ownerCount } from '../access/organization-memberships-sql.js';
import { applyTopicsLocally, publish, type InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { unprocessable } from '../errors/domain-error.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { joinInvitationTeams } from '../teams/team-joining.js';
import { invitationById, invitationTeamIds } from './org-invitations-store.js';
import { emitMemberAdded, emitMemberInvited, type OrganizationEventSource } from './organization-events.js';

export type MembershipRole = 'admin' | 'member';

export interface Membership {
  state: 'active' | 'pending';
  role: MembershipRole;
}

/** Invitations last 7 days, as on GitHub. */
export const INVITATION_DAYS = 7;

const invitationRole = (role: MembershipRole) => (role === 'admin' ? 'admin' : 'direct_member');

async function pendingOf(sql: Sql | TransactionSql, orgId: number, userId: number): Promise<Membership | null> {
  const [row] = await sql<{ role: string }[]>`SELECT role FROM org_invitations
    WHERE org_id = ${orgId} AND invitee_id = ${userId} AND expires_at > now()`;
  return row ? { state: 'pending', role: row.role === 'admin' ? 'admin' : 'member' } : null;
}

/** The user's membership, active or pending, or null. */
export async function membershipState(sql: Sql, orgId: number, userId: number): Promise<Membership | null> {
  const active = await membershipOf(sql, orgId, userId);
  return active ? { state: 'active', role: active.role } : pendingOf(sql, orgId, userId);
}

async function changed(tx: TransactionSql, orgId: number): Promise<void> {
  await publish(tx, `account:${orgId}`);
}

/**
 * PUT /orgs/{org}/memberships/{username}: a member's role changes (the last
 * owner may not be demoted: 422); anyone else is invited with that role (an
 * `organization` `member_invited` event when the invitation is new or renewed).
 */
export async function setMembership(
  sql: Sql,
  bus: InvalidationBus | undefined,
  org: AccountRow,
  user: AccountRow,
  role: MembershipRole,
  inviterId: number | null,
  source: OrganizationEventSource,
): Promise<Membership> {
  const orgId = org.id;
  const userId = user.id;
  const result = await sql.begin(async (tx) => {
    const active = await membershipOf(tx, orgId, userId);
    if (active) {
      if (active.role === 'admin' && role !== 'admin' && (await ownerCount(tx, orgId)) <= 1)
        throw unprocessable('You cannot demote the last owner of an organization.');
      await tx`UPDATE org_members SET role = ${role} WHERE org_id = ${orgId} AND user_id = ${userId}`;
      await changed(tx, orgId);
      return { state: 'active' as const, role };
    }
    const [invitation] = await tx<{ id: number }[]>`
      INSERT INTO org_invitations (org_id, invitee_id, role, inviter_id)
      VALUES (${orgId}, ${userId}, ${invitationRole(role)}, ${inviterId})
      ON CONFLICT (org_id, invitee_id) WHERE invitee_id IS NOT NULL DO UPDATE
      SET role = EXCLUDED.role, inviter_id = EXCLUDED.inviter_id, created_at = now(),
        expires_at = now() + make_interval(days => ${INVITATION_DAYS})
      RETURNING id`;
    await emitMemberInvited(tx, org, (await invitationById(tx, orgId, invitation!.id))!, user, source);
    return { state: 'pending' as const, role };
  });
  bus?.applyLocally(`account:${orgId}`);
  return result;
}

/**
 * The user accepts their pending invitation: a member with its role, in the
 * invitation's teams (their repositories' cached permissions are dropped), an
 * `organization` `member_added` event and a `membership` added per team. Null when there is none (or it expired).
 */
export async function acceptInvitation(
  sql: Sql,
  bus: InvalidationBus | undefined,
  org: AccountRow,
  user: AccountRow,
  source: OrganizationEventSource,
): Promise<Membership | null> {
  const orgId = org.id;
  const userId = user.id;
  const accepted = await sql.begin(async (tx) => {
    const [invitation] = await tx<{ id: number; role: string }[]>`SELECT id, role FROM org_invitations
      WHERE org_id = ${orgId} AND invitee_id = ${userId} AND expires_at > now() FOR UPDATE`;
    if (!invitation) return null;
    const teamIds = await invitationTeamIds(tx, invitation.id);
    await tx`DELETE FROM org_invitations WHERE id = ${invitation.id}`;
    const role: MembershipRole = invitation.role === 'admin' ? 'admin' : 'member';
    await tx`INSERT INTO org_members (org_id, user_id, role) VALUES (${orgId}, ${userId}, ${role})
      ON CONFLICT (org_id, user_id) DO NOTHING`;
    await changed(tx, orgId);
    await emitMemberAdded(tx, org, user, role, source);
    const topics = await joinInvitationTeams(tx, { org, principal: source.sender, urls: source.urls }, teamIds, user);
    return { membership: { state: 'active' as const, role }, topics };
  });
  if (!accepted) return null;
  bus?.applyLocally(`account:${orgId}`);
  applyTopicsLocally(bus, accepted.topics);
  return accepted.membership;
}

/** Cancels the user's pending invitation; false when there was none. */
export async function cancelInvitationOf(sql: Sql, orgId: number, userId: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM org_invitations WHERE org_id = ${orgId} AND invitee_id = ${userId}`;
  return deleted.count > 0;
}

/** A member publicizes or conceals their own membership; false when they are no member. */
export async function setPublicMembership(sql: Sql, orgId: number, userId: number, value: boolean): Promise<boolean> {
  const updated = await sql.begin(async (tx) => {
    const rows = await tx`UPDATE org_members SET public = ${value} WHERE org_id = ${orgId} AND user_id = ${userId}`;
    if (rows.count > 0) await changed(tx, orgId);
    return rows.count > 0;
  });
  return updated;
}
