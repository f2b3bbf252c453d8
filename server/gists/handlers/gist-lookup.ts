// The gist a REST request names, after the access rule: an installation is
// refused before anything is looked up; an unknown id is 404; then the
// action's own refusal (access/gist-access.ts via gist-refusals.ts).
import type { GistAction } from '../../access/gist-access.js';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../errors/domain-error.js';
import type { Services } from '../../services.js';
import { ensureGistAccess } from '../gist-refusals.js';
import { findGistByName, type GistRow } from '../gists-store.js';

export async function gistFor(
  services: Services,
  principal: Principal,
  name: string,
  action: GistAction,
): Promise<GistRow> {
  ensureGistAccess(principal, null, 'read');
  const row = await findGistByName(services.sql, name);
  if (!row) throw notFound();
  ensureGistAccess(principal, row, action);
  return row;
}
