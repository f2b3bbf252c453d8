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
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export type GithubErrorType = 'NOT_FOUND' | 'ARGUMENT_LIMIT' | 'FORBIDDEN';

export function githubError(type: GithubErrorType, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type } });
}

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
  const formatted: GraphQLFormattedError = error instanceof GraphQLError ? error.toJSON() : error;
  const type = formatted.extensions?.['type'];
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
