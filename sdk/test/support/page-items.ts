// Where the schema of one page item is, for a paginated answer: the array's
// `items`, or, for an answer that wraps the list in an object (GET
// /installation/repositories: `{ total_count, repositories }`), the items of
// its (first) array property; for an answer that is one thing or a list of them
// (oneOf), the list's items.
import { child, follow, resolved, type Node } from './contract-document.js';

const isArray = (schema: Node) =>
  schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));

export function pageItemSchema(schema: string): string {
  const list = follow(schema);
  if (isArray(resolved(list))) return child(list, 'items');
  // One ref or a list of them (GET …/git/refs/{ref}): only the list pages.
  const variants = (resolved(list).oneOf ?? []) as Node[];
  const listVariants = variants
    .map((_, i) => child(list, 'oneOf', String(i)))
    .filter((variant) => isArray(resolved(follow(variant))));
  if (listVariants.length === 1) return child(follow(listVariants[0]!), 'items');
  const properties = (resolved(list).properties ?? {}) as Node;
  const arrays = Object.keys(properties).filter((name) => isArray(resolved(child(list, 'properties', name))));
  // Several lists (a comparison's `commits` and `files`): the first is the
  // one that pages, and the one the SDK's paginate yields (sdk/src/pagination/paginate.ts).
  if (arrays.length === 0) throw new Error(`${schema} is neither a list nor an object with a list property`);
  return child(follow(child(list, 'properties', arrays[0]!)), 'items');
}
