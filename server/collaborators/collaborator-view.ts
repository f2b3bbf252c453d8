// GitHub's collaborator body (simple-user with `permissions` and `role_name`)
// and the legacy permission vocabulary of …/permission and the `member`
// event: `maintain` reads as `write` and `triage` as `read`.
import { permissionsObject, type Permission } from '../access/permissions.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { simpleUser } from '../repos/user-view.js';

export type LegacyPermission = 'admin' | 'write' | 'read' | 'none';

const LEGACY: Record<Permission, LegacyPermission> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
};

export const legacyPermission = (permission: Permission | null): LegacyPermission =>
  permission === null ? 'none' : LEGACY[permission];

export function collaboratorView(account: AccountRow, permission: Permission | null, urls: Urls) {
  const { admin, maintain, push, triage, pull } = permissionsObject(permission);
  return {
    ...simpleUser(account, urls),
    name: account.name,
    email: null,
    permissions: { admin, maintain, push, triage, pull },
    role_name: permission ?? 'none',
  };
}

/** REST's `permission` input and filter: GitHub's `pull`/`push` and the role names for the same levels. */
const INPUT: Record<string, Permission> = {
  pull: 'read',
  read: 'read',
  triage: 'triage',
  push: 'write',
  write: 'write',
  maintain: 'maintain',
  admin: 'admin',
};

export const permissionFromInput = (value: string): Permission | null =>
  Object.hasOwn(INPUT, value) ? INPUT[value]! : null;
