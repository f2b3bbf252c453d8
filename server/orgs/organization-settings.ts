// `PATCH /orgs/{org}`: the profile fields and the member settings Wharf
// enforces. The change publishes the organization's invalidation in its own
// transaction: every process drops the permissions it cached for the
// organization's repositories (the base permission decides members' access).
import { publish, type InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';

export interface OrganizationChanges {
  name?: string;
  email?: string;
  billing_email?: string;
  company?: string;
  location?: string;
  blog?: string;
  twitter_username?: string;
  description?: string;
  default_repository_permission?: 'none' | 'read' | 'write' | 'admin';
  members_can_create_repositories?: boolean;
}

const COLUMNS = [
  'name',
  'email',
  'billing_email',
  'company',
  'location',
  'blog',
  'twitter_username',
  'description',
  'default_repository_permission',
  'members_can_create_repositories',
] as const;

export async function updateOrganization(
  sql: Sql,
  bus: InvalidationBus | undefined,
  orgId: number,
  changes: OrganizationChanges,
): Promise<AccountRow> {
  const set = Object.fromEntries(COLUMNS.filter((c) => changes[c] !== undefined).map((c) => [c, changes[c]]));
  const updated = await sql.begin(async (tx) => {
    const [row] =
      Object.keys(set).length === 0
        ? await tx<AccountRow[]>`SELECT * FROM accounts WHERE id = ${orgId}`
        : await tx<AccountRow[]>`UPDATE accounts SET ${tx(set)}, updated_at = now() WHERE id = ${orgId} RETURNING *`;
    await publish(tx, `account:${orgId}`);
    return row!;
  });
  bus?.applyLocally(`account:${orgId}`);
  return updated;
}
