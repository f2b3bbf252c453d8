// @wharf/sdk: the typed client, its errors and types, and the webhook receiver helpers.
export { createClient, type ClientOptions, type Paginate, type WharfClient } from './client.js';
export { WharfRequestError } from './errors.js';
export type { RetryOptions } from './transport/retry-middleware.js';
export type { RateLimitState } from './transport/rate-limit-state.js';
export { DEFAULT_API_VERSION } from './transport/headers-middleware.js';
export { DEFAULT_VENDOR } from './vendor.js';
export type {
  CallInit,
  CallResult,
  OperationArgs,
  OperationId,
  OperationResult,
  ResourceMethod,
  Resources,
} from './resources/resource-types.js';
export type { HttpStatus, StatusResult, UndocumentedError } from './resources/status-result.js';
export type { ArchiveResult } from './archives/archive-download.js';
export type { PageItem } from './pagination/paginate.js';
export type { GraphqlCall, GraphqlInit, GraphqlResult } from './graphql/graphql.js';
export type { GraphqlError } from './graphql/graphql-endpoint.js';
export type {
  BlobNode,
  CommitNode,
  NodeInit,
  OrganizationNode,
  RepositoryNode,
  TreeNode,
  UserNode,
  WharfNode,
} from './graphql/nodes.js';
/** @hidden The generated operation table (operationId → method, path); the API reference leaves it out. */
export { operations as operationTable } from './generated/operations.js';
/** @hidden The types generated from openapi.yaml, too large for the API reference: read the contract. */
export type { components, operations as OperationTypes, paths } from './generated/openapi.js';
export * from './webhooks/index.js';
export * from './auth/index.js';
