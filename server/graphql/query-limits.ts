// Limits on the size and shape of a GraphQL document, checked before it costs
// anything (issue 11), with GraphQL Armor's envelop plugins. Shared by the
// server (mount.ts) and the mock (contract-tests/mock/graphql-mock.ts).
//
// Why each is needed, and why these numbers (docs/graphql.md, "GraphQL limits"):
// - Tokens, while parsing. graphql-js's parser recurses once per nesting level
//   of list and object literals, selection sets and fragments, so a document
//   nested a few thousand deep overflows its stack inside `parse`, before any
//   rule on the AST could look at it. The token limit is the only check that
//   runs during parsing: the lexer stops at the limit, so it bounds how deep
//   the parser can be driven. The parser descends on each opening token, so a
//   document that only opens lists (`[[[[…`, one token a level) reaches one
//   level per token before the limit stops it: 1,500 tokens reach 1,500
//   levels, where graphql-js on Node 20 overflows at about 1,985
//   (parser-stack.test.ts measures both and keeps that margin). The same
//   bound caps the work of the validation rules, some of which are quadratic
//   in the number of fields.
// - Aliases, depth and directives, counted through fragment spreads at the
//   start of validation (on the operation, before any selection set is
//   visited, and the refusal throws, which ends validation), so the quadratic
//   rules (OverlappingFieldsCanBeMerged) never run on a refused operation.
//   Aliases are what multiply execution: each distinct response key is a
//   resolver call, and a fragment spread under many aliases is counted once
//   per spread.
import type { ValidationContext } from 'graphql';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { Plugin } from 'graphql-yoga';
import { githubError, type GithubErrorType } from './core/errors.js';
import { resourceLimitsPlugin, type ResourceLimitOptions } from './resource-limits.js';

export const QUERY_LIMITS = {
  /** Lexical tokens in the whole document (punctuation, names, values). */
  tokens: 1500,
  /** Nesting of fields; inline fragments and spreads add none. */
  depth: 25,
  /** Aliased fields in an operation, fragments counted per spread (`__typename` is free). */
  aliases: 200,
  /** Directives in an operation, fragments counted per spread. */
  directives: 50,
} as const;

/**
 * Armor's refusal, thrown again as our own GraphQL error: GitHub's shape (a
 * `type`), without Armor's "Syntax Error: " prefix on what is not one, and
 * made by yoga's `createGraphQLError` so yoga never masks it (Armor may load
 * another copy of graphql than yoga's, see errors.ts). Thrown from the
 * callback, it ends parsing or validation at once.
 */
function refuse(type: GithubErrorType) {
  return [
    (_context: ValidationContext | null, error: { message: string }) => {
      throw githubError(type, error.message.replace(/^Syntax Error: /, ''));
    },
  ];
}

/**
 * The document limits above, then GitHub's resource limits at the start of
 * execution (resource-limits.ts): pagination, node limit and, with `charge`,
 * the points.
 */
export function queryLimitPlugins(resourceLimits: ResourceLimitOptions = {}): Plugin[] {
  return [
    maxTokensPlugin({ n: QUERY_LIMITS.tokens, onReject: refuse('MAX_TOKENS_EXCEEDED') }),
    maxAliasesPlugin({ n: QUERY_LIMITS.aliases, onReject: refuse('MAX_ALIASES_EXCEEDED') }),
    maxDepthPlugin({ n: QUERY_LIMITS.depth, flattenFragments: true, onReject: refuse('MAX_DEPTH_EXCEEDED') }),
    maxDirectivesPlugin({ n: QUERY_LIMITS.directives, onReject: refuse('MAX_DIRECTIVES_EXCEEDED') }),
    resourceLimitsPlugin(resourceLimits),
  ];
}
