// GraphQL errors in GitHub's shape: `message`, `locations`, `path` and the
// error `type` (NOT_FOUND, ARGUMENT_LIMIT, …) as a top-level field of the
// error object, as api.github.com sends it:
//
//   { "type": "NOT_FOUND", "path": ["repository"], "locations": [{ "line": 1, "column": 3 }],
//     "message": "Could not resolve to a Repository with the name 'octocat/nope'." }
//
// Resolvers throw the errors made here; graphql-js keeps our `extensions`
// (with `type`) and adds `locations` and `path`. `liftErrorTypes` (a yoga
// plugin, see mount.ts) copies `extensions.type` to the top level when the
// result is serialized. `extensions.type` stays too, where the GraphQL spec
// says such fields belong.
//
// Errors are made with yoga's `createGraphQLError`, not `new GraphQLError`:
// yoga masks every error that is not an instance of *its* copy of graphql's
// GraphQLError, and a test runner may load a second copy for our imports.
import type { ASTNode, ExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { isDatabaseUnavailable } from '../../db/database-unavailable.js';
import { errorFields, type Logger } from '../../log.js';
import type { GraphqlContext } from './context.js';

export type GithubErrorType =
  | 'NOT_FOUND'
  | 'ARGUMENT_LIMIT'
  | 'FORBIDDEN'
  | 'INVALID_CURSOR_ARGUMENTS'
  // GitHub's resource limits (resource-limits.ts, query-cost.ts).
  | 'MISSING_PAGINATION_BOUNDARIES'
  | 'EXCESSIVE_PAGINATION'
  | 'INVALID_PAGINATION'
  | 'MAX_NODE_LIMIT_EXCEEDED'
  | 'RATE_LIMITED'
  // Connection arguments (connection.ts), GitHub's types.
  | 'INVALID_ARGUMENTS'
  // Mutations whose input breaks a rule of the resource (GitHub's type for REST's 422).
  | 'UNPROCESSABLE'
  // Wharf's own, for the query limits (query-limits.ts), named like GitHub's MAX_NODE_LIMIT_EXCEEDED.
  | 'MAX_TOKENS_EXCEEDED'
  | 'MAX_ALIASES_EXCEEDED'
  | 'MAX_DEPTH_EXCEEDED'
  | 'MAX_DIRECTIVES_EXCEEDED'
  // Wharf's own, for the size of an answer (answer-budget.ts).
  | 'MAX_ANSWER_SIZE_EXCEEDED';

/** Where in the document and in the response an error belongs (`locations` and `path`). */
export interface ErrorPlace {
  nodes?: ASTNode | readonly ASTNode[];
  path?: readonly (string | number)[];
}

export function githubError(type: GithubErrorType, message: string, place: ErrorPlace = {}): GraphQLError {
  return createGraphQLError(message, { ...place, extensions: { type } });
}

/** GitHub's answer to an installation reaching data its app may not read; graphql-js gives it the place (a list item's index included) where it is thrown or returned. */
export const notAccessibleByIntegration = () => githubError('FORBIDDEN', 'Resource not accessible by integration');

export function notFoundError(message: string): GraphQLError {
  return githubError('NOT_FOUND', message);
}

export function repositoryNotFound(owner: string, name: string): GraphQLError {
  return notFoundError(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
}

export function nodeNotFound(id: string): GraphQLError {
  return notFoundError(`Could not resolve to a node with the global id of '${id}'`);
}

type FormattedWithType = GraphQLFormattedError & { type?: string };

/** An error as it is sent: the standard fields plus `type` from the extensions. */
export function formatError(error: GraphQLError | GraphQLFormattedError): FormattedWithType {
  const formatted: GraphQLFormattedError =
    'toJSON' in error && typeof error.toJSON === 'function' ? error.toJSON() : error;
  const type = formatted.extensions?.type;
  return typeof type === 'string' ? { ...formatted, type } : formatted;
}

/** JSON of an execution result with every error in GitHub's shape. */
export function stringifyResult(result: ExecutionResult): string {
  const { errors, ...rest } = result;
  return JSON.stringify(errors?.length ? { ...rest, errors: errors.map(formatError) } : rest);
}

/**
 * Yoga plugin: serializes execution results with `stringifyResult`. Yoga
 * strips its internal extensions first and then calls the result's own
 * `stringify`, so this is the last step before the bytes are written.
 */
export function liftErrorTypes(): Plugin {
  return {
    onExecutionResult({ result, setResult }) {
      if (!result || Symbol.asyncIterator in result) return;
      setResult({ ...result, stringify: stringifyResult });
    },
  };
}

/**
 * Yoga plugin: logs every unexpected resolver exception (anything but a
 * GraphQL error) with the request id, before yoga masks it into
 * `Unexpected error.` (envelop runs execute-done hooks in plugin order, and
 * yoga adds its masking plugin after the user plugins). A database outage is
 * not logged here but noted in the context, so the call is answered 503.
 */
export function logUnexpectedErrors(log: Logger): Plugin<GraphqlContext> {
  return {
    onExecute({ args }) {
      const { requestId } = args.contextValue as Partial<GraphqlContext>;
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          for (const error of result.errors ?? []) {
            const cause = error.originalError;
            if (!cause || cause.name === 'GraphQLError') continue;
            if (isDatabaseUnavailable(cause)) {
              // An outage, not a bug: mount.ts answers the whole call 503 (and the pipeline logs it at warn).
              const outage = (args.contextValue as Partial<GraphqlContext>).outage;
              if (outage) outage.error ??= cause;
              continue;
            }
            log.error('graphql unexpected error', { requestId, path: error.path?.join('.'), ...errorFields(cause) });
          }
        },
      };
    },
  };
}
