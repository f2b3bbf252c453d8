// Counting the connections of an operation for GitHub's resource limits
// (query-cost.ts): per selection, the nodes its connections may return and
// the requests needed to fetch them, per instance of the enclosing object, and
// the pagination errors met on the way.
//
// A connection is any field whose type is named `…Connection` and that takes
// `first` or `last`, in any schema. Both sums are linear in the page sizes
// above a selection, so each named fragment is counted once and reused
// wherever it is spread: the work stays linear in the document however
// fragments nest. A field selected twice under one response key (say once
// directly and once in a fragment) is counted twice: an upper bound, which
// only errs towards the limits. The root `nodes(ids:)` counts what it
// selects once per id. The capped lists and large leaves of list-caps.ts
// count too: a capped list as a connection of its cap, a large leaf as one
// request.
import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
} from 'graphql';
import { githubError } from './core/errors.js';
import { CAPPED_LISTS, LARGE_LEAVES } from './core/list-caps.js';
import type { OperationValues } from './operation-values.js';

export const RESOURCE_LIMITS = {
  /** `first`/`last` of a connection. */
  pageSize: 100,
  /** Possible nodes in one query. */
  nodes: 500_000,
  /** Requests per point of cost. */
  requestsPerPoint: 100,
} as const;

/** Per instance of the enclosing object: what a selection adds. */
export interface Tally {
  nodes: number;
  requests: number;
  /** The largest product of page sizes along one path, and the connection at its end. */
  deepest: { nodes: number; name: string };
}

export const NOTHING: Tally = { nodes: 0, requests: 0, deepest: { nodes: 0, name: '' } };

/** A large leaf: one read of its own. */
const ONE_READ: Tally = { nodes: 0, requests: 1, deepest: NOTHING.deepest };

type Path = readonly string[];

/** The named type under lists and non-nulls (duck-typed: the schema may come from another copy of graphql). */
function namedType(type: GraphQLType): GraphQLNamedType {
  let current: GraphQLType = type;
  while ('ofType' in current) current = current.ofType;
  return current;
}

function fieldOf(type: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  return type && 'getFields' in type
    ? (type.getFields() as Record<string, GraphQLField<unknown, unknown>>)[name]
    : undefined;
}

function isConnection(field: GraphQLField<unknown, unknown>): boolean {
  return (
    namedType(field.type).name.endsWith('Connection') &&
    field.args.some((arg) => arg.name === 'first' || arg.name === 'last')
  );
}

export class ConnectionTally {
  readonly errors: GraphQLError[] = [];
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly counted = new Map<string, Tally>();
  private readonly listing = new Map<string, boolean>();
  private readonly open = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    readonly values: OperationValues,
  ) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
    }
  }

  selections(set: SelectionSetNode, type: GraphQLNamedType | undefined, path: Path): Tally {
    const total = { nodes: 0, requests: 0, deepest: NOTHING.deepest };
    for (const selection of set.selections) {
      if (!this.values.included(selection)) continue;
      const part =
        selection.kind === Kind.FIELD
          ? this.field(selection, type, path)
          : selection.kind === Kind.INLINE_FRAGMENT
            ? this.selections(selection.selectionSet, this.typeNamed(selection.typeCondition?.name.value) ?? type, path)
            : this.fragment(selection.name.value, path);
      total.nodes += part.nodes;
      total.requests += part.requests;
      if (part.deepest.nodes > total.deepest.nodes) total.deepest = part.deepest;
    }
    return total;
  }

  private typeNamed(name: string | undefined): GraphQLNamedType | undefined {
    return name === undefined ? undefined : (this.schema.getType(name) ?? undefined);
  }

  private fragment(name: string, path: Path): Tally {
    const known = this.counted.get(name);
    if (known) return known;
    const definition = this.fragments.get(name);
    if (!definition || this.open.has(name)) return NOTHING; // validation refuses both; never loop
    this.open.add(name);
    const tally = this.selections(definition.selectionSet, this.typeNamed(definition.typeCondition.name.value), path);
    this.open.delete(name);
    this.counted.set(name, tally);
    return tally;
  }

  private field(node: FieldNode, parent: GraphQLNamedType | undefined, path: Path): Tally {
    const field = fieldOf(parent, node.name.value);
    if (!field) return NOTHING;
    const key = `${parent!.name}.${node.name.value}`;
    if (!node.selectionSet) return LARGE_LEAVES.has(key) ? ONE_READ : NOTHING;
    const here = [...path, node.alias?.value ?? node.name.value];
    const below = this.selections(node.selectionSet, namedType(field.type), here);
    const cap = CAPPED_LISTS.get(key);
    if (cap !== undefined) return this.list(cap, node.name.value, below);
    if (!isConnection(field)) return path.length === 0 && node.name.value === 'nodes' ? this.each(below, node) : below;
    return this.list(this.pageSize(node, here), node.name.value, below);
  }

  /** A list of up to `size` items, each with what is selected below it: one request, and `size` nodes plus theirs. */
  private list(size: number, name: string, below: Tally): Tally {
    const deepest =
      size * below.deepest.nodes > size
        ? { nodes: size * below.deepest.nodes, name: below.deepest.name }
        : { nodes: size, name };
    return { nodes: size + size * below.nodes, requests: 1 + size * below.requests, deepest };
  }

  /** `nodes(ids:)`: what is selected below counts once per id (up to 100 objects, each with its connections). */
  private each(below: Tally, node: FieldNode): Tally {
    const ids = this.values.listLength(node.arguments, 'ids');
    return {
      nodes: ids * below.nodes,
      requests: ids * below.requests,
      deepest: { nodes: ids * below.deepest.nodes, name: below.deepest.name },
    };
  }

  /** The page size a connection may return, checking `first` and `last` (GitHub's errors and wording). */
  private pageSize(node: FieldNode, path: Path): number {
    const name = node.name.value;
    const first = this.values.int(node.arguments, 'first');
    const last = this.values.int(node.arguments, 'last');
    if (first === undefined && last === undefined) {
      if (this.lists(node.selectionSet!)) {
        this.errors.push(
          githubError(
            'MISSING_PAGINATION_BOUNDARIES',
            `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
            { nodes: node, path },
          ),
        );
      }
      return 0;
    }
    for (const [argument, value] of [
      ['first', first],
      ['last', last],
    ] as const) {
      if (value === undefined) continue;
      if (value < 0) {
        this.errors.push(
          githubError('INVALID_PAGINATION', `\`${argument}\` on the connection cannot be less than zero.`, {
            nodes: node,
            path,
          }),
        );
      } else if (value > RESOURCE_LIMITS.pageSize) {
        this.errors.push(
          githubError(
            'EXCESSIVE_PAGINATION',
            `Requesting ${value} records on the \`${name}\` connection exceeds the \`${argument}\` limit of ${RESOURCE_LIMITS.pageSize} records.`,
            { nodes: node, path },
          ),
        );
      }
    }
    return Math.min(RESOURCE_LIMITS.pageSize, Math.max(0, first ?? 0, last ?? 0));
  }

  /** Whether a connection's selection reaches its items (`edges` or `nodes`), through fragments too. */
  private lists(set: SelectionSetNode): boolean {
    return set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === 'edges' || selection.name.value === 'nodes';
      if (selection.kind === Kind.INLINE_FRAGMENT) return this.lists(selection.selectionSet);
      const name = selection.name.value;
      if (!this.listing.has(name)) {
        this.listing.set(name, false); // a cycle (refused by validation) reads false
        const definition = this.fragments.get(name);
        this.listing.set(name, definition !== undefined && this.lists(definition.selectionSet));
      }
      return this.listing.get(name)!;
    });
  }
}
