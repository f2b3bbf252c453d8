// An organization hook's pings: the repository hooks' flow (hook-pings.ts:
// the hook and its creation ping in one transaction, an explicit ping as one
// delivery) with the organization's ping body.
import type { Principal } from '../../auth/principal.js';
import type { Urls } from '../../http/urls.js';
import { createPingedHook, pingOwnedHook, type PingDeps, type PingedOwner } from '../hook-pings.js';
import type { HookRow, HookValues } from '../hooks-store.js';
import { installationField, installationOf, senderPayload } from '../payloads/common.js';
import { organizationPayload } from '../payloads/organization.js';
import { zen } from '../ping-payload.js';
import { orgHookView } from './org-hook-view.js';

export interface Organization {
  id: number;
  login: string;
}

export function orgPingPayload(hook: HookRow, org: Organization, principal: Principal, urls: Urls) {
  return {
    zen: zen(),
    hook_id: hook.id,
    hook: orgHookView(hook, org.login, urls),
    organization: organizationPayload(org, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installationOf(principal)),
  };
}

const organizationHooks = (org: Organization): PingedOwner => ({
  owner: { organizationId: org.id },
  payload: (hook, principal, urls) => orgPingPayload(hook, org, principal, urls),
});

/** Creates the organization's hook; an active one is pinged in the same transaction. */
export const createOrgHook = (deps: PingDeps, org: Organization, principal: Principal, values: HookValues) =>
  createPingedHook(deps, organizationHooks(org), principal, values);

/** Queues one ping of the organization's hook. */
export const pingOrgHook = (deps: PingDeps, org: Organization, principal: Principal, hook: HookRow) =>
  pingOwnedHook(deps, organizationHooks(org), principal, hook);
