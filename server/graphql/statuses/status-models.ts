// What the status resolvers pass around (the codegen mappers of Status and
// StatusContext): a status row with its repository, and a commit's latest
// status per context with the repository and commit they belong to.
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { StatusRow } from '../../statuses/statuses-store.js';

export interface StatusContextModel extends StatusRow {
  repo: RepositoryRow;
  /** Tells the model from the other Node models (node.ts's __resolveType). */
  status_context: true;
}

export interface StatusModel {
  repo: RepositoryRow;
  oid: string;
  contexts: StatusContextModel[];
}

export const isStatusContext = (model: object): model is StatusContextModel => 'status_context' in model;

export const contextModel = (row: StatusRow, repo: RepositoryRow): StatusContextModel => ({
  ...row,
  repo,
  status_context: true,
});
