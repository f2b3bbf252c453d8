// A resource method's arguments from openapi.yaml: each path and query
// parameter's example (on the parameter or its schema, through
// `components/parameters`) and the JSON request body's example. Header
// parameters are left out: the SDK's transport sets them. A required value
// the contract gives no example for is an error, not a guess.
import { at, child, resolved, type Node } from './contract-document.js';

function firstExample(node: Node): { found: boolean; value?: unknown } {
  if ('example' in node) return { found: true, value: node.example };
  const named = Object.keys((node.examples ?? {}) as Node);
  if (named.length > 0 && !Array.isArray(node.examples))
    return { found: true, value: resolvedExample(node.examples[named[0]!] as Node).value };
  if (Array.isArray(node.examples) && node.examples.length > 0) return { found: true, value: node.examples[0] };
  return { found: false };
}

/** An Example Object, `$ref` to `components/examples` followed. */
function resolvedExample(example: Node): Node {
  return typeof example.$ref === 'string' ? resolved(example.$ref) : example;
}

function parameterExample(parameter: Node): { found: boolean; value?: unknown } {
  const own = firstExample(parameter);
  return own.found || !parameter.schema ? own : firstExample(parameter.schema as Node);
}

/** Parameters of the path item and the operation; the operation's win (same name and place). */
function parameters(pathItem: string, operation: string): Node[] {
  const list = (where: string) =>
    ((at(where).parameters ?? []) as unknown[]).map((_, i) => resolved(child(where, 'parameters', i)));
  const byKey = new Map<string, Node>();
  for (const parameter of [...list(pathItem), ...list(operation)])
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  return [...byKey.values()];
}

export function exampleArgs(pathItem: string, operation: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const parameter of parameters(pathItem, operation)) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const example = parameterExample(parameter);
    if (example.found) args[parameter.name as string] = example.value;
    else if (parameter.required)
      throw new Error(`${operation}: required ${parameter.in} parameter ${parameter.name} has no example`);
  }
  if (at(operation).requestBody === undefined) return args;
  const body = resolved(child(operation, 'requestBody'));
  // The SDK sends JSON bodies (openapi-fetch's default serializer).
  const json = (body.content as Node | undefined)?.['application/json'] as Node | undefined;
  const example = json ? firstExample(json) : { found: false };
  if (example.found) args.body = example.value;
  else if (body.required) throw new Error(`${operation}: the required request body has no application/json example`);
  return args;
}
