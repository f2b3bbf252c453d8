// How the query-cost tests call the calculator: GitHub's own published schema
// (which has every connection the documentation's examples use), a query
// checked valid first, and what the calculator answers for it: its cost, or
// its errors as GraphQL formats them.
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { expect } from 'vitest';
import { formatError } from '../graphql/core/errors.js';
import { analyzeOperation, type CostAnalysis, type QueryCost } from '../graphql/query-cost.js';

// GitHub's SDL repeats a few fields, which graphql-js's SDL validation refuses (see github-schema.test.ts).
export const github = buildSchema(githubSchema.idl, { assumeValidSDL: true });

export function analyze(
  schema: GraphQLSchema,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): CostAnalysis | undefined {
  const document = parse(query);
  expect(validate(schema, document).map((error) => error.message)).toEqual([]); // the examples are valid queries
  return analyze.raw(schema, document, variables, operationName);
}
analyze.raw = (
  schema: GraphQLSchema,
  document: ReturnType<typeof parse>,
  variables?: Record<string, unknown>,
  operationName?: string,
) => analyzeOperation(schema, document, operationName, variables);

export function costOf(schema: GraphQLSchema, query: string, variables?: Record<string, unknown>): QueryCost {
  const result = analyze(schema, query, variables);
  if (!result || 'errors' in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

export function errorsOf(schema: GraphQLSchema, query: string, variables?: Record<string, unknown>) {
  const result = analyze(schema, query, variables);
  if (!result || !('errors' in result)) throw new Error(`not refused: ${JSON.stringify(result)}`);
  return result.errors.map(formatError);
}
