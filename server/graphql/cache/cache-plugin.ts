// The response cache's yoga plugin: at the start of execution (the document
// parsed and valid), a call mount.ts may cache is made eligible when its
// operation is a query of cacheable fields only; a result with errors (or a
// stream) spoils it. Mutations and subscriptions are never eligible.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphqlContext } from '../context.js';
import { onlyCacheableFields } from './cacheable-fields.js';

export function responseCachePlugin(): Plugin {
  return {
    onExecute({ args }) {
      const recorder = (args.contextValue as unknown as GraphqlContext).cacheRecorder;
      if (!recorder) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'query' || !onlyCacheableFields(args.schema, args.document)) return;
      recorder.eligible = true;
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result || (result.errors?.length ?? 0) > 0) recorder.spoiled = true;
        },
      };
    },
  };
}
