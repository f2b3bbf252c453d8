// GitHub's resource limits as a yoga plugin, at the start of execution (the
// document is parsed and valid, the variables are known, nothing has run):
// the pagination and node-limit errors refuse the operation (a 200 with the
// errors and no data, as GitHub answers), the cost is charged through
// `charge` (the server's meter; the mock charges nothing), and
// `rateLimit(dryRun: true)` runs that field alone. See query-cost.ts.
import { Kind, type DocumentNode, type GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { analyzeOperation, type QueryCost } from './query-cost.js';

export interface ResourceLimitOptions {
  /** Charges a priced operation; the error that refuses it when the points do not cover it. */
  charge?: (cost: QueryCost, context: unknown) => Promise<GraphQLError | undefined>;
}

/** The document with only the `rateLimit` fields (and `__typename`) of its operations: what a dry run evaluates. */
function onlyRateLimit(document: DocumentNode): DocumentNode {
  return {
    ...document,
    definitions: document.definitions.map((definition) =>
      definition.kind !== Kind.OPERATION_DEFINITION
        ? definition
        : {
            ...definition,
            selectionSet: {
              ...definition.selectionSet,
              selections: definition.selectionSet.selections.filter(
                (selection) =>
                  selection.kind === Kind.FIELD &&
                  (selection.name.value === 'rateLimit' || selection.name.value === '__typename'),
              ),
            },
          },
    ),
  };
}

export function resourceLimitsPlugin(options: ResourceLimitOptions = {}): Plugin {
  return {
    async onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const analysis = analyzeOperation(args.schema, args.document, args.operationName, args.variableValues);
      if (!analysis) return; // execution refuses it itself (unknown operation, variables that do not coerce)
      if ('errors' in analysis) {
        setResultAndStopExecution({ errors: analysis.errors });
        return;
      }
      const refusal = await options.charge?.(analysis, args.contextValue);
      if (refusal) {
        setResultAndStopExecution({ errors: [refusal] });
        return;
      }
      if (analysis.dryRun) setExecuteFn((dry) => executeFn({ ...dry, document: onlyRateLimit(dry.document) }));
    },
  };
}
