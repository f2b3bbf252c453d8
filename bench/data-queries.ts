// The SQL behind the endpoints bench:data measures, as the stores send it
// (repositories-store.ts, permissions.ts, installation-repositories.ts), for
// EXPLAIN ANALYZE on the seeded database. Keep in step with those files.
export interface QueryParams { ownerId: number; login: string; repositoryId: number; name: string; offset: number }

const SELECT_REPOSITORY = `SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin
  FROM repositories r JOIN accounts a ON a.id = r.owner_id`;

const USER_REACH = `WHERE (r.owner_id = $1
   OR r.id IN (SELECT repository_id FROM collaborators WHERE user_id = $1)
   OR r.owner_id IN (SELECT org_id FROM org_members WHERE user_id = $1))
  AND ((r.private AND true) OR (NOT r.private AND true))`;

export const DATA_QUERIES: { name: string; text: string; params(p: QueryParams): (string | number)[] }[] = [
  { name: 'repository by owner/name', text: `${SELECT_REPOSITORY} WHERE lower(a.login) = lower($1) AND lower(r.name) = lower($2)`, params: (p) => [p.login, p.name] },
  { name: 'repository by id', text: `${SELECT_REPOSITORY} WHERE r.id = $1`, params: (p) => [p.repositoryId] },
  { name: 'permission of a user', text: `SELECT (SELECT permission FROM collaborators WHERE repository_id = $1 AND user_id = $2) AS collaborator,
      (SELECT role FROM org_members WHERE org_id = $3 AND user_id = $2) AS org_role`, params: (p) => [p.repositoryId, p.ownerId + 1, p.ownerId] },
  { name: '/user/repos page 1', text: `${SELECT_REPOSITORY} ${USER_REACH} ORDER BY lower(a.login || '/' || r.name) ASC NULLS LAST, r.id ASC LIMIT 30 OFFSET 0`, params: (p) => [p.ownerId] },
  { name: '/user/repos last page', text: `${SELECT_REPOSITORY} ${USER_REACH} ORDER BY lower(a.login || '/' || r.name) ASC NULLS LAST, r.id ASC LIMIT 30 OFFSET $2`, params: (p) => [p.ownerId, p.offset] },
  { name: '/user/repos?sort=updated last page', text: `${SELECT_REPOSITORY} ${USER_REACH} ORDER BY r.updated_at DESC NULLS LAST, r.id DESC LIMIT 30 OFFSET $2`, params: (p) => [p.ownerId, p.offset] },
  { name: '/user/repos total', text: `SELECT count(*)::int AS n FROM repositories r JOIN accounts a ON a.id = r.owner_id ${USER_REACH}`, params: (p) => [p.ownerId] },
  { name: '/installation/repositories last page', text: `${SELECT_REPOSITORY} WHERE r.owner_id = $1 ORDER BY lower(a.login || '/' || r.name), r.id LIMIT 30 OFFSET $2`, params: (p) => [p.ownerId, p.offset] },
  { name: '/installation/repositories total', text: `SELECT count(*)::int AS n FROM repositories r WHERE r.owner_id = $1`, params: (p) => [p.ownerId] },
];
