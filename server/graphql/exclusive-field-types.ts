// GitHub's validation lets two fields of one response name return different
// enum or scalar types when they sit on different object types, which can
// never both apply to one object: `gh issue view` sends
//   issue: issueOrPullRequest(number: $n) { ...on Issue { state } ...on PullRequest { state } }
// (IssueState! and PullRequestState!). graphql-js follows the spec's
// SameResponseShape and refuses that ("Fields "state" conflict because they
// return conflicting types …"); GitHub answers it. Execution takes the fields
// of the one object type the value has, so nothing is ambiguous at run time:
// this plugin drops exactly that refusal, for two leaf types of different
// names, after graphql-js has validated. Every other overlap (different
// fields or arguments under one name, a nullability or list difference,
// conflicts between object selections) is still refused.
import type { GraphQLError, GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const LEAF_CONFLICT = /^Fields "[^"]+" conflict because they return conflicting types "([^"]+)" and "([^"]+)"\. /;

/** The named type a written type (`IssueState!`) names, when it is a plain or non-null leaf (not a list). */
function leafName(schema: GraphQLSchema, written: string): string | null {
  const name = written.endsWith('!') ? written.slice(0, -1) : written;
  const type = schema.getType(name);
  // Scalars and enums are the types that serialize; not graphql-js's isLeafType, whose
  // instanceof check throws outside production when yoga's copy of graphql is not ours.
  return type !== undefined && typeof (type as { serialize?: unknown }).serialize === 'function' ? name : null;
}

/** Whether GitHub accepts what graphql-js refused here. */
export function isExclusiveLeafConflict(schema: GraphQLSchema, error: GraphQLError): boolean {
  const match = LEAF_CONFLICT.exec(error.message);
  if (!match) return false;
  const [a, b] = [leafName(schema, match[1]!), leafName(schema, match[2]!)];
  // Same name (String vs String!) is a nullability difference, which GitHub refuses too.
  return a !== null && b !== null && a !== b && match[1]!.endsWith('!') === match[2]!.endsWith('!');
}

export function allowExclusiveLeafConflicts(): Plugin {
  return {
    onValidate({ params: { schema } }) {
      return ({ result, setResult }) => {
        const kept = result.filter((error) => !isExclusiveLeafConflict(schema, error));
        if (kept.length !== result.length) setResult(kept);
      };
    },
  };
}
