// `Repository.collaborators`: the people holding a grant on the repository,
// each with the permission the policy gives them (access/repository-grantees.ts,
// the reader REST's …/collaborators will share). As on GitHub, only a caller
// with push access sees the list ("Must have push access to view repository
// collaborators."): anyone else gets null and a FORBIDDEN error. An
// installation reads it on its own installation's repositories. `affiliation` ALL (the default), DIRECT (the owner and
// collaborators of the repository itself) or OUTSIDE (collaborators who are
// not members of the owning organization).
import { type Affiliation, granteesOf, mayListGrantees } from '../../access/repository-grantees.js';
import { listConnection } from '../core/connection.js';
import { githubError } from '../core/errors.js';
import type { RepositoryPermission, RepositoryResolvers } from '../generated/resolvers-types.js';

const AFFILIATIONS: Record<string, Affiliation> = { ALL: 'all', DIRECT: 'direct', OUTSIDE: 'outside' };

export const repositoryCollaboratorsField: Pick<RepositoryResolvers, 'collaborators'> = {
  collaborators: async (repo, args, ctx) => {
    if (!(await mayListGrantees(ctx.access, repo))) {
      throw githubError('FORBIDDEN', 'Must have push access to view repository collaborators.');
    }
    const grantees = await granteesOf(ctx.services.sql, repo.id, {
      affiliation: AFFILIATIONS[args.affiliation ?? 'ALL'] ?? 'all',
      login: args.login,
      query: args.query,
    });
    const page = listConnection(grantees, args, 'collaborators');
    return {
      ...page,
      edges: page.edges.map(({ cursor, node }) => ({
        cursor,
        node: node.account,
        permission: node.permission.toUpperCase() as RepositoryPermission,
      })),
      nodes: page.nodes.map((grantee) => grantee.account),
    };
  },
};
