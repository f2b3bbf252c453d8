// GitHub's `organization` field of webhook payloads (organization-simple).
// Organization hooks get it on every event; repository payloads already carry
// the owner, which for an organization's repository is the organization, so
// the field is built from it, with the URLs the payload's emitter wrote.
import { organizationSimpleFields } from '../../accounts/organization-simple.js';
import type { Urls } from '../../http/urls.js';

export function organizationPayload(org: { id: number; login: string }, urls: Urls) {
  return organizationFields(org, urls.api(`/orgs/${org.login}`), urls.html(`/avatars/u/${org.id}`));
}

function organizationFields(org: { id: number; login: string }, api: string, avatarUrl: string) {
  return organizationSimpleFields(org, api, avatarUrl, null);
}

interface OwnerFields {
  id: number;
  login: string;
  url: string;
  avatar_url: string;
}

/**
 * The payload with `organization` set from its repository's owner (the
 * owner's API URL `…/users/<login>` becomes `…/orgs/<login>`). A payload that
 * already names its organization, or has no repository owner, is returned as is.
 */
export function withOrganization(payload: unknown): unknown {
  const record = payload as Record<string, unknown> | null;
  if (!record || typeof record !== 'object' || 'organization' in record) return payload;
  const owner = (record.repository as { owner?: OwnerFields } | undefined)?.owner;
  if (!owner) return payload;
  const api = owner.url.replace(/\/users\/[^/]+$/, `/orgs/${encodeURIComponent(owner.login)}`);
  return { ...record, organization: organizationFields(owner, api, owner.avatar_url) };
}
