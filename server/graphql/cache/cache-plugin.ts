// The response cache's yoga plugin: at the start of execution (the document
// parsed and valid), a call mount.ts may cache is made eligible when its
// operation is a query of cacheable fields only; a result with errors (or a
// stream) spoils it. Mutations and subscriptions are never eligible.
import type { Plugin } from 'graphql-yoga';
import type { GraphqlContext } from '../core/context.js';
import { cacheableQuery } from './cacheable-fields.js';

export function responseCachePlugin(): Plugin {
  return {
    onExecute({ args }) {
      const recorder = (args.contextValue as unknown as GraphqlContext).cacheRecorder;
      if (!recorder) return;
      if (!cacheableQuery(args.schema, args.document, args.operationName)) return;
      recorder.eligible = true;
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result || (result.errors?.length ?? 0) > 0) recorder.spoiled = true;
        },
      };
    },
  };
}
