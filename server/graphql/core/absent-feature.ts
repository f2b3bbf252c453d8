// What GitHub answers for a feature an account or repository does not use:
// no sponsors, no discussions, no projects, no vulnerability alerts. Wharf has
// none of those features, so a field of one answers what GitHub answers for a
// repository or account that never turned it on. The answer follows from the
// field's type in the schema, so a field named in a capability's absent list
// (see `absentFields`) needs no resolver of its own, and a query written for
// GitHub that names it validates and runs.
import type { GraphQLFieldResolver } from 'graphql';
import { type PageArgs, paginate } from './paginate.js';

/** An empty connection, readable both by plain field reads and by `connectionFields` (nodes, count()). */
export function emptyConnection(args: PageArgs = {}) {
  return { ...paginate([], args), nodes: [], totalCount: 0 };
}

// By the type's printed form (`Int!`, `[Topic!]!`, `SponsorConnection!`) rather than graphql-js's
// type guards, which fail when the schema was built by another copy of graphql-js (yoga's).
function absentValue(type: string, args: PageArgs): unknown {
  if (!type.endsWith('!')) return null;
  const inner = type.slice(0, -1);
  if (inner.startsWith('[')) return [];
  if (inner.endsWith('Connection')) return emptyConnection(args);
  if (inner === 'Boolean') return false;
  if (inner === 'Int') return 0;
  // A non-null string, enum or object has no "none" GitHub would answer: such a field needs real data.
  throw new Error(`${type} has no absent value: give the field a resolver`);
}

const absentResolver: GraphQLFieldResolver<unknown, unknown, unknown> = (_parent, args, _context, info) =>
  absentValue(String(info.returnType), args as PageArgs);

/**
 * Resolvers answering each named field as GitHub does without its feature:
 * null when nullable, false, 0, an empty list or an empty connection.
 */
export function absentFields<const Name extends string>(names: readonly Name[]): Record<Name, never> {
  // `never`: one resolver serves fields of every type, which the generated per-field types cannot express.
  return Object.fromEntries(names.map((name) => [name, absentResolver])) as Record<Name, never>;
}
