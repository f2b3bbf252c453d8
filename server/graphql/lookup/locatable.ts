// UniformResourceLocatable, what `resource(url:)` answers: its concrete type
// as node(id) tells it (node.ts), a closed event by its own mark; and the web
// path of a repository (its `url` without the host; accounts answer theirs in graphql/accounts/).
import type {
  RepositoryResolvers,
  ResolversTypes,
  UniformResourceLocatableResolvers,
} from '../generated/resolvers-types.js';
import { isTimelineEvent } from '../issues/timeline-models.js';
import { Node } from '../node.js';

type Locatable = ResolversTypes['UniformResourceLocatable'];

const nodeType = Node.__resolveType as (model: Locatable) => string;

export const UniformResourceLocatable = {
  __resolveType: (model: Locatable) => (isTimelineEvent(model) ? 'ClosedEvent' : nodeType(model)),
} as UniformResourceLocatableResolvers;

export const repositoryResourcePath: Pick<RepositoryResolvers, 'resourcePath'> = {
  resourcePath: (repo) => `/${repo.owner_login}/${repo.name}`,
};
