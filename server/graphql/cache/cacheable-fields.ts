// Whether a query may be answered from the response cache: every field its
// document selects is in CACHEABLE_FIELDS (cacheable-field-list.ts, which says
// why a field is or is not there).
//
// The walk reads the AST and the schema's own objects only, without
// graphql-js's helpers (TypeInfo, visit, instanceof checks): a test runner
// may load a second copy of graphql for our imports (core/errors.ts).
import type {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';

import { CACHEABLE_FIELDS } from './cacheable-field-list.js';

/** Per parsed document and operation (yoga keeps one DocumentNode per query text): checked once. */
const checked = new WeakMap<DocumentNode, Map<string, boolean>>();

interface SchemaType {
  name: string;
  getFields?: () => Record<string, { type: unknown }>;
}

/** The named type under lists and non-nulls. */
function namedType(type: unknown): SchemaType {
  let current = type as { ofType?: unknown };
  while (current.ofType) current = current.ofType as { ofType?: unknown };
  return current as unknown as SchemaType;
}

/** The operation a call runs: the one named, or the only one; undefined when there is none such. */
export function selectedOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (operationName) return operations.find((o) => o.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * Whether the operation is a query and every field it selects, through
 * inline fragments and fragment spreads, is a cacheable one (`__typename`
 * always is). Run on a valid document (at the start of execution).
 */
export function cacheableQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  allowed: ReadonlySet<string> = CACHEABLE_FIELDS,
): boolean {
  const memo =
    allowed === CACHEABLE_FIELDS
      ? (checked.get(document) ?? checked.set(document, new Map()).get(document)!)
      : undefined;
  const known = memo?.get(operationName ?? '');
  if (known !== undefined) return known;
  const operation = selectedOperation(document, operationName);
  const queryType = schema.getQueryType() as SchemaType | null | undefined;
  let ok = operation?.operation === 'query' && queryType != null;
  if (ok) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d);
    const seen = new Set<string>();
    const walk = (set: SelectionSetNode, parent: SchemaType): boolean =>
      set.selections.every((selection) => {
        if (selection.kind === 'Field') {
          const name = selection.name.value;
          if (name === '__typename') return true;
          const field = parent.getFields?.()[name];
          if (!field || !allowed.has(`${parent.name}.${name}`)) return false;
          return !selection.selectionSet || walk(selection.selectionSet, namedType(field.type));
        }
        const fragment = selection.kind === 'FragmentSpread' ? fragments.get(selection.name.value) : selection;
        if (!fragment) return false;
        const on = fragment.typeCondition
          ? (schema.getType(fragment.typeCondition.name.value) as SchemaType | undefined)
          : parent;
        if (!on) return false;
        // A spread met again under the same type was (or is being) checked already.
        const once = selection.kind === 'FragmentSpread' ? `${selection.name.value} ${on.name}` : undefined;
        if (once !== undefined) {
          if (seen.has(once)) return true;
          seen.add(once);
        }
        return walk(fragment.selectionSet, on);
      });
    ok = walk(operation!.selectionSet, queryType!);
  }
  memo?.set(operationName ?? '', ok);
  return ok;
}
