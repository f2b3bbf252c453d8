// The resolver map for schema.graphql, checked against the generated types
// (a field missing from a mapped row type must have a resolver here).
import type { Resolvers } from './generated/resolvers-types.js';
import { Organization, RepositoryOwner, User, viewerQuery } from './resolvers/account.js';
import { Label, Milestone, repositoryLabelFields } from './resolvers/label-milestone.js';
import { Node, nodeQuery, nodesQuery } from './resolvers/node.js';
import { Repository, repositoryQuery } from './resolvers/repository.js';

export const resolvers: Resolvers = {
  Query: {
    node: nodeQuery,
    nodes: nodesQuery,
    viewer: viewerQuery,
    repository: repositoryQuery,
  },
  Node,
  RepositoryOwner,
  User,
  Organization,
  // Its labels and milestones live with theirs (label-milestone.ts imports repository.ts).
  Repository: { ...Repository, ...repositoryLabelFields },
  Label,
  Milestone,
};
