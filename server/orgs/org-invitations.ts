// Creating and cancelling organization invitations (`/orgs/{org}/invitations`).
// An invitation is the pending membership memberships.ts reads and accepts:
// one row, whichever endpoint made it. Its teams are joined on acceptance.
// Who may invite is the access policy's (organization-standing.ts); the edge asks it first.
import { membershipOf } from '../access/organization-memberships-sql.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { validationFailed, type ValidationErrorItem } from '../errors/domain-error.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { INVITATION_DAYS } from './memberships.js';
import { invitationById, type OrgInvitationRow } from './org-invitations-store.js';
import { emitMemberInvited, type OrganizationEventSource } from './organization-events.js';

export interface InvitationInput {
  invitee_id?: number;
  email?: string;
  role?: 'admin' | 'direct_member' | 'billing_manager' | 'reinstate';
  team_ids?: number[];
}

/** GitHub's cap on the teams of one invitation is not documented; this bounds the work of one request. */
const MAX_TEAMS = 100;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const invalid = (field: string, message: string, code: ValidationErrorItem['code'] = 'invalid') =>
  validationFailed([{ resource: 'OrganizationInvitation', code, field, message }]);

/** The invited user, by id or by an existing account's email address; null for an address no account has. */
async function inviteeOf(tx: TransactionSql, input: InvitationInput): Promise<AccountRow | null> {
  if (input.invitee_id !== undefined) {
    const [user] = await tx<AccountRow[]>`SELECT * FROM accounts WHERE id = ${input.invitee_id} AND kind = 'User'`;
    if (!user) throw invalid('invitee_id', 'Invitee is not a user.');
    return user;
  }
  const [user] = await tx<AccountRow[]>`
    SELECT * FROM accounts WHERE kind = 'User' AND lower(email) = lower(${input.email!}) ORDER BY id LIMIT 1`;
  return user ?? null;
}

function checkInput(input: InvitationInput): void {
  const byId = input.invitee_id !== undefined;
  const byEmail = input.email !== undefined;
  if (byId === byEmail)
    throw invalid(byId ? 'email' : 'invitee_id', 'Provide exactly one of invitee_id or email.', 'missing_field');
  if (byId && !Number.isSafeInteger(input.invitee_id)) throw invalid('invitee_id', 'Invitee is not a user.');
  if (input.team_ids?.some((id) => !Number.isSafeInteger(id) || id < 1))
    throw invalid('team_ids', 'Every team must be a team of the organization.');
  if (byEmail && (input.email!.length > 254 || !EMAIL.test(input.email!))) throw invalid('email', 'Email is invalid.');
  if (input.role === 'billing_manager')
    throw invalid('role', 'Wharf has no billing: billing_manager is not a role here.');
  if ((input.team_ids?.length ?? 0) > MAX_TEAMS) throw invalid('team_ids', `At most ${MAX_TEAMS} teams.`);
}

async function checkTeams(tx: TransactionSql, orgId: number, teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  const [row] = await tx<{ n: number }[]>`
    SELECT count(*)::int AS n FROM teams WHERE org_id = ${orgId} AND id = ANY(${teamIds as number[]})`;
  if (row!.n !== teamIds.length) throw invalid('team_ids', 'Every team must be a team of the organization.');
}

/**
 * Invites a user or an email address; 422 for a member, for an invitee whose
 * invitation is still pending, or for bad input. A failed (expired)
 * invitation of the same invitee is replaced, as GitHub keeps failed ones
 * until the invitee is invited again.
 */
export async function createOrgInvitation(
  sql: Sql,
  org: AccountRow,
  input: InvitationInput,
  inviterId: number | null,
  source: OrganizationEventSource,
): Promise<OrgInvitationRow> {
  checkInput(input);
  const teamIds = [...new Set(input.team_ids ?? [])];
  // `reinstate` restores a former member's role; Wharf keeps no former roles, so it invites as a member.
  const role = input.role === 'admin' ? 'admin' : 'direct_member';
  return sql.begin(async (tx) => {
    const invitee = await inviteeOf(tx, input);
    if (invitee && (await membershipOf(tx, org.id, invitee.id)))
      throw invalid(
        input.invitee_id !== undefined ? 'invitee_id' : 'email',
        'Invitee is already a part of this organization.',
        'already_exists',
      );
    await checkTeams(tx, org.id, teamIds);
    const email = invitee ? null : input.email!;
    const [pending] = await tx<{ id: number; live: boolean }[]>`
      SELECT id, expires_at > now() AS live FROM org_invitations
      WHERE org_id = ${org.id} AND ${invitee ? tx`invitee_id = ${invitee.id}` : tx`invitee_id IS NULL AND lower(email) = lower(${email})`}`;
    if (pending?.live) throw invalid('invitee_id', 'Invitee has already been invited.', 'already_exists');
    if (pending) await tx`DELETE FROM org_invitations WHERE id = ${pending.id}`;
    const [created] = await tx<{ id: number }[]>`
      INSERT INTO org_invitations (org_id, invitee_id, email, role, inviter_id, expires_at)
      VALUES (${org.id}, ${invitee?.id ?? null}, ${email}, ${role}, ${inviterId},
        now() + make_interval(days => ${INVITATION_DAYS})) RETURNING id`;
    for (const teamId of teamIds)
      await tx`INSERT INTO org_invitation_teams (invitation_id, team_id) VALUES (${created!.id}, ${teamId})`;
    const row = (await invitationById(tx, org.id, created!.id))!;
    await emitMemberInvited(tx, org, row, invitee, source);
    return row;
  });
}

/** Cancels an invitation (pending or failed) by id; false when the organization has none with that id. */
export async function cancelOrgInvitation(sql: Sql, orgId: number, invitationId: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM org_invitations WHERE org_id = ${orgId} AND id = ${invitationId}`;
  return deleted.count > 0;
}
