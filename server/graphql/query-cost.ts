// GitHub's GraphQL resource limits, computed from the document before anything
// runs, as GitHub documents them ("Rate limits and query limits for the
// GraphQL API"; docs/graphql.md, "GraphQL resource limits"):
//
// - every connection that lists items (selects `edges` or `nodes`) needs
//   `first` or `last`, at most 100 (a connection asked only for `totalCount` or
//   `pageInfo` does not, as on GitHub);
// - the node count: for each connection, the product of the page sizes of the
//   connections above it and its own, summed over the query; at most 500,000;
// - the cost: for each connection, the requests needed to fetch it (the
//   product of the page sizes above it: one request per parent item), summed,
//   divided by 100 and rounded, at least 1.
//
// A connection is any field whose type is named `…Connection` and that takes
// `first` or `last`, in any schema, so connections added later count without
// further code (connection-tally.ts counts them). The root `nodes(ids:)`
// multiplies what is selected below it by the number of ids, as a connection
// of that many items would.
import { Kind, type DocumentNode, type GraphQLError, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { ConnectionTally, RESOURCE_LIMITS, type Tally } from './connection-tally.js';
import { githubError } from './core/errors.js';
import { OperationValues, UnreadableValue } from './operation-values.js';

export { RESOURCE_LIMITS };

export interface QueryCost {
  /** The most nodes the query may return (`rateLimit.nodeCount`). */
  nodeCount: number;
  /** Connection fetches needed in the worst case. */
  requests: number;
  /** Points charged (`rateLimit.cost`): requests / 100, rounded, at least 1. */
  cost: number;
  /** The operation asks `rateLimit(dryRun: true)`: priced, not run, not charged. */
  dryRun: boolean;
}

export type CostAnalysis = QueryCost | { errors: GraphQLError[] };

function operationOf(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return operations.find((operation) => operation.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode) {
  if (operation.operation === 'mutation') return schema.getMutationType() ?? undefined;
  if (operation.operation === 'subscription') return schema.getSubscriptionType() ?? undefined;
  return schema.getQueryType() ?? undefined;
}

/** `rateLimit(dryRun: true)` among the operation's root fields. */
function asksDryRun(operation: OperationDefinitionNode, values: OperationValues): boolean {
  return operation.selectionSet.selections.some(
    (selection) =>
      selection.kind === Kind.FIELD &&
      selection.name.value === 'rateLimit' &&
      values.included(selection) &&
      values.boolean(selection.arguments, 'dryRun', false),
  );
}

/**
 * The limits' verdict on one operation of a validated document: its cost, or
 * the errors that refuse it. Undefined when there is nothing to judge: no
 * such operation, or variables that execution will refuse itself.
 */
export function analyzeOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Readonly<Record<string, unknown>> | null,
): CostAnalysis | undefined {
  const operation = operationOf(document, operationName);
  if (!operation) return undefined;
  const values = new OperationValues(operation, variables ?? {});
  const counter = new ConnectionTally(schema, document, values);
  let tally: Tally;
  try {
    tally = counter.selections(operation.selectionSet, rootType(schema, operation), []);
  } catch (error) {
    if (error instanceof UnreadableValue) return undefined;
    throw error;
  }
  if (counter.errors.length > 0) return { errors: counter.errors };
  const limit = RESOURCE_LIMITS.nodes.toLocaleString('en-US');
  if (tally.deepest.nodes > RESOURCE_LIMITS.nodes) {
    return {
      errors: [
        githubError(
          'MAX_NODE_LIMIT_EXCEEDED',
          `By the time this query traverses to the ${tally.deepest.name} connection, it is requesting up to ${tally.deepest.nodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of ${limit}.`,
        ),
      ],
    };
  }
  if (tally.nodes > RESOURCE_LIMITS.nodes) {
    return {
      errors: [
        githubError(
          'MAX_NODE_LIMIT_EXCEEDED',
          `This query requests up to ${tally.nodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of ${limit}.`,
        ),
      ],
    };
  }
  const cost = Math.max(1, Math.round(tally.requests / RESOURCE_LIMITS.requestsPerPoint));
  return { nodeCount: tally.nodes, requests: tally.requests, cost, dryRun: asksDryRun(operation, values) };
}
