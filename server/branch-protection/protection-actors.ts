// The users, teams and apps a rule names (by id), read in one query per kind
// and shown as GitHub shows them in a protection: `simple-user`, `team` (with
// its parent) and `integration`. An actor that is gone (a deleted team or app)
// is left out of the views; its id stays in the rule until the rule changes.
import { integrationView } from '../apps/app-views.js';
import type { AppRow } from '../apps/apps-store.js';
import type { Sql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import type { Services } from '../services.js';
import { teamsById } from '../teams/teams-store.js';
import { teamView } from '../teams/team-view.js';
import type { ActorLists, ProtectionRow } from './protections-store.js';

type View = Record<string, unknown>;

/** The views of the actors a rule names, by id. */
export interface Actors {
  users: ReadonlyMap<number, View>;
  teams: ReadonlyMap<number, View>;
  apps: ReadonlyMap<number, View>;
}

export const NO_ACTORS: Actors = { users: new Map(), teams: new Map(), apps: new Map() };

/** Every actor list of a rule. */
export function actorListsOf(row: ProtectionRow): ActorLists[] {
  const reviews = row.required_pull_request_reviews;
  return [reviews?.dismissal_restrictions, reviews?.bypass_pull_request_allowances, row.restrictions].filter(
    (lists): lists is ActorLists => lists !== null && lists !== undefined,
  );
}

const idsOf = (lists: readonly ActorLists[], kind: keyof ActorLists) => [
  ...new Set(lists.flatMap((list) => list[kind] ?? [])),
];

export async function actorsOf(
  services: Pick<Services, 'sql' | 'urls' | 'accounts'>,
  repo: RepositoryRow,
  lists: readonly ActorLists[],
): Promise<Actors> {
  const users = idsOf(lists, 'users');
  const teams = idsOf(lists, 'teams');
  const apps = idsOf(lists, 'apps');
  if (users.length + teams.length + apps.length === 0) return NO_ACTORS;
  const accounts = users.length === 0 ? new Map() : await services.accounts.byIds(users);
  return {
    users: new Map([...accounts].map(([id, account]) => [id, simpleUser(account, services.urls)])),
    teams: await teamViews(services.sql, repo, teams, services.urls),
    apps: await appViews(services.sql, apps, services.urls),
  };
}

async function teamViews(sql: Sql, repo: RepositoryRow, ids: number[], urls: Urls): Promise<Map<number, View>> {
  if (ids.length === 0) return new Map();
  const teams = await teamsById(sql, ids);
  const parentIds = [...teams.values()].flatMap((team) => (team.parent_team_id ? [Number(team.parent_team_id)] : []));
  const parents = await teamsById(sql, parentIds);
  const org = { id: repo.owner_id, login: repo.owner_login };
  return new Map(
    [...teams.values()]
      .filter((team) => Number(team.org_id) === repo.owner_id)
      .map((team) => {
        const parent = team.parent_team_id ? (parents.get(Number(team.parent_team_id)) ?? null) : null;
        return [Number(team.id), teamView(team, org, urls, parent)];
      }),
  );
}

type AppWithOwner = AppRow & {
  owner_login: string;
  owner_kind: 'User' | 'Organization';
  owner_site_admin: boolean;
  installations: number;
};

async function appViews(sql: Sql, ids: number[], urls: Urls): Promise<Map<number, View>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<AppWithOwner[]>`
    SELECT p.*, o.login AS owner_login, o.kind AS owner_kind, o.site_admin AS owner_site_admin,
           (SELECT count(*)::int FROM installations i WHERE i.app_id = p.id) AS installations
    FROM apps p JOIN accounts o ON o.id = p.owner_id WHERE p.id = ANY(${ids}::bigint[])`;
  return new Map(
    rows.map((row) => {
      const owner = {
        id: Number(row.owner_id),
        login: row.owner_login,
        kind: row.owner_kind,
        site_admin: row.owner_site_admin,
      };
      return [Number(row.id), integrationView(row, owner, row.installations, urls)];
    }),
  );
}

/** The views of `ids` (one kind of a list), in the list's order. */
export function viewsOf(ids: readonly number[], views: ReadonlyMap<number, View>): View[] {
  return ids.flatMap((id) => {
    const view = views.get(id);
    return view ? [view] : [];
  });
}
