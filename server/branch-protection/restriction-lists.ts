// One kind of a rule's push restrictions (users, teams or apps) read and
// changed on its own, as GitHub's …/restrictions/{users,teams,apps} do: add
// (union), set (replace), remove; each answers the kind's whole list. Names
// resolve as in the protection body (an unknown one is 422), the three lists
// together stay within 100, and each change is one `edited` event
// (protection-service.ts's changeRule).
import type { Principal } from '../auth/principal.js';
import { notFound, refused } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { actorResolver } from './actor-resolver.js';
import { viewsOf } from './protection-actors.js';
import { actorLists, MAX_ACTORS, TOO_MANY_ACTORS } from './protection-input.js';
import { changeRule, readRule } from './protection-service.js';
import type { ActorLists } from './protections-store.js';

export type ActorKind = keyof ActorLists;
export type ListChange = 'add' | 'set' | 'remove';

type Needs = Parameters<typeof readRule>[0];

export const restrictionsNotEnabled = () => notFound('Push restrictions not enabled');

export async function restrictionList(services: Needs, repo: RepositoryRow, branch: string, kind: ActorKind) {
  const { row, actors } = await readRule(services, repo, branch);
  if (!row.restrictions) throw restrictionsNotEnabled();
  return viewsOf(row.restrictions[kind], actors[kind]);
}

function changed(current: readonly number[], ids: readonly number[], change: ListChange): number[] {
  if (change === 'set') return [...ids];
  if (change === 'add') return [...new Set([...current, ...ids])];
  return current.filter((id) => !ids.includes(id));
}

const total = (lists: ActorLists) => lists.users.length + lists.teams.length + lists.apps.length;

export async function changeRestrictionList(
  services: Needs,
  repo: RepositoryRow,
  principal: Principal,
  branch: string,
  kind: ActorKind,
  change: ListChange,
  names: readonly string[],
) {
  const { row, actors } = await changeRule(services, repo, principal, branch, async (current) => {
    const lists = current.restrictions;
    if (!lists) throw restrictionsNotEnabled();
    const org = repo.owner_kind === 'Organization';
    const named = await actorLists({ [kind]: [...names] }, actorResolver(services.sql, repo), 'restrictions', org);
    const next = { ...lists, [kind]: changed(lists[kind], named[kind], change) };
    if (total(next) > MAX_ACTORS) throw refused(TOO_MANY_ACTORS);
    return { restrictions: next };
  });
  return viewsOf(row.restrictions?.[kind] ?? [], actors[kind]);
}
