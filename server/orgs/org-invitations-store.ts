// Organization invitations as rows: one row of org_invitations is both an
// invitation (`/orgs/{org}/invitations`) and a pending membership
// (`/orgs/{org}/memberships/{username}`). Reads carry what the body needs —
// the invitee's login, the inviter, the team count — in one statement.
import type { Sql, TransactionSql } from '../db/database.js';
import type { AccountRef } from '../repos/user-view.js';

type Db = Sql | TransactionSql;

export interface OrgInvitationRow {
  id: number;
  org_id: number;
  invitee_id: number | null;
  invitee_login: string | null;
  email: string | null;
  role: 'admin' | 'direct_member';
  inviter: AccountRef | null;
  created_at: Date;
  expires_at: Date;
  team_count: number;
}

/** Which invitations a list shows: pending (not expired) or failed (expired unaccepted). */
export type InvitationState = 'pending' | 'failed';

const selectRows = (sql: Db) => sql`
  SELECT i.id, i.org_id, i.invitee_id, u.login AS invitee_login, i.email, i.role, i.created_at, i.expires_at,
    CASE WHEN r.id IS NULL THEN NULL
      ELSE json_build_object('id', r.id, 'login', r.login, 'kind', r.kind, 'site_admin', r.site_admin) END AS inviter,
    (SELECT count(*)::int FROM org_invitation_teams t WHERE t.invitation_id = i.id) AS team_count
  FROM org_invitations i
  LEFT JOIN accounts u ON u.id = i.invitee_id
  LEFT JOIN accounts r ON r.id = i.inviter_id`;

export async function invitationById(sql: Db, orgId: number, id: number): Promise<OrgInvitationRow | null> {
  const [row] = await sql<OrgInvitationRow[]>`${selectRows(sql)} WHERE i.org_id = ${orgId} AND i.id = ${id}`;
  return row ?? null;
}

export interface InvitationPage {
  state: InvitationState;
  /** Only invitations of this role; null: every role. */
  role: OrgInvitationRow['role'] | null;
  limit: number;
  offset: number;
}

/** One page of the organization's invitations in a state, oldest first, and how many there are. */
export async function invitationsOf(
  sql: Sql,
  orgId: number,
  page: InvitationPage,
): Promise<{ rows: OrgInvitationRow[]; total: number }> {
  const where = sql`i.org_id = ${orgId} AND ${page.state === 'pending' ? sql`i.expires_at > now()` : sql`i.expires_at <= now()`}
    AND (${page.role}::text IS NULL OR i.role = ${page.role})`;
  const rows = await sql<OrgInvitationRow[]>`${selectRows(sql)} WHERE ${where}
    ORDER BY i.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM org_invitations i WHERE ${where}`;
  return { rows, total: count!.n };
}

/** The ids of the teams an invitation adds its invitee to, by id. */
export async function invitationTeamIds(sql: Db, invitationId: number): Promise<number[]> {
  const rows = await sql<{ team_id: number }[]>`
    SELECT team_id FROM org_invitation_teams WHERE invitation_id = ${invitationId} ORDER BY team_id`;
  return rows.map((row) => row.team_id);
}
