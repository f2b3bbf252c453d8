// The SQL behind the endpoints bench:data measures, as the stores send it
// (repositories-store.ts, repository-list.ts, permissions.ts,
// installation-repositories.ts), for EXPLAIN ANALYZE on the seeded database.
// Keep in step with those files.
export interface QueryParams {
  ownerId: number;
  login: string;
  repositoryId: number;
  name: string;
  offset: number;
  total: number;
}

const SELECT_REPOSITORY = `SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin
  FROM repositories r JOIN accounts a ON a.id = r.owner_id`;
const VISIBLE = '((r.private AND true) OR (NOT r.private AND true))';
const OWNERS = 'SELECT $1::bigint AS id UNION SELECT org_id FROM org_members WHERE user_id = $1';
const COLLABORATIONS = `SELECT r.* FROM collaborators k JOIN repositories r ON r.id = k.repository_id
  WHERE k.user_id = $1 AND r.owner_id NOT IN (SELECT id FROM owners) AND ${VISIBLE}`;

/** repository-list.ts's page query: per-owner index order, `take` rows each. */
const userPage = (ownerOrder: string, listOrder: string) => `WITH owners AS (${OWNERS}),
  candidates AS (
    SELECT page.* FROM owners o CROSS JOIN LATERAL (
      SELECT r.* FROM repositories r WHERE r.owner_id = o.id AND ${VISIBLE} ORDER BY ${ownerOrder} LIMIT $2) page
    UNION ALL ${COLLABORATIONS})
  SELECT r.*, a.login AS owner_login FROM candidates r JOIN accounts a ON a.id = r.owner_id
  ORDER BY ${listOrder} LIMIT 30 OFFSET $3`;

export const DATA_QUERIES: { name: string; text: string; params(p: QueryParams): (string | number)[] }[] = [
  {
    name: 'repository by owner/name',
    text: `${SELECT_REPOSITORY} WHERE lower(a.login) = lower($1) AND lower(r.name) = lower($2)`,
    params: (p) => [p.login, p.name],
  },
  { name: 'repository by id', text: `${SELECT_REPOSITORY} WHERE r.id = $1`, params: (p) => [p.repositoryId] },
  {
    name: 'permission of a user',
    text: `SELECT (SELECT permission FROM collaborators WHERE repository_id = $1 AND user_id = $2) AS collaborator,
      (SELECT role FROM org_members WHERE org_id = $3 AND user_id = $2) AS org_role`,
    params: (p) => [p.repositoryId, p.ownerId + 1, p.ownerId],
  },
  {
    name: '/user/repos page 1',
    text: userPage('lower(r.name) ASC', `lower(a.login) || '/' ASC, lower(r.name) ASC, r.id ASC`),
    params: (p) => [p.ownerId, 30, 0],
  },
  // The last page is read from the end: descending, the rows before it skipped.
  {
    name: '/user/repos last page',
    text: userPage('lower(r.name) DESC', `lower(a.login) || '/' DESC, lower(r.name) DESC, r.id DESC`),
    params: (p) => [p.ownerId, p.total - p.offset, 0],
  },
  {
    name: '/user/repos?sort=updated last page',
    text: userPage('r.updated_at ASC, r.id ASC', 'r.updated_at ASC, r.id ASC'),
    params: (p) => [p.ownerId, p.total - p.offset, 0],
  },
  {
    name: '/user/repos middle page',
    text: userPage('lower(r.name) ASC', `lower(a.login) || '/' ASC, lower(r.name) ASC, r.id ASC`),
    params: (p) => [p.ownerId, Math.floor(p.total / 2) + 30, Math.floor(p.total / 2)],
  },
  {
    name: '/user/repos total',
    text: `WITH owners AS (${OWNERS}) SELECT (SELECT count(*) FROM repositories r WHERE r.owner_id IN (SELECT id FROM owners) AND ${VISIBLE})
      + (SELECT count(*) FROM (${COLLABORATIONS}) c) AS n`,
    params: (p) => [p.ownerId],
  },
  {
    name: '/installation/repositories last page',
    text: `${SELECT_REPOSITORY} WHERE r.owner_id = $1 ORDER BY lower(r.name) DESC, r.id DESC LIMIT $2 OFFSET 0`,
    params: (p) => [p.ownerId, p.total - p.offset],
  },
  {
    name: '/installation/repositories middle page',
    text: `${SELECT_REPOSITORY} WHERE r.owner_id = $1 ORDER BY lower(r.name), r.id LIMIT 30 OFFSET $2`,
    params: (p) => [p.ownerId, Math.floor(p.total / 2)],
  },
  {
    name: '/installation/repositories total',
    text: `SELECT count(*)::int AS n FROM repositories r WHERE r.owner_id = $1`,
    params: (p) => [p.ownerId],
  },
];
