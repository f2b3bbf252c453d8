// Resolves a local `$ref` (`#/components/...`) in the OpenAPI document, so
// parameters may be shared through components.
export function resolveLocalRef<T>(spec: unknown, node: T | { $ref: string }): T {
  let current: unknown = node;
  for (let depth = 0; depth < 10 && current && typeof current === 'object' && '$ref' in current; depth++) {
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (obj, key) => (obj as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        spec,
      );
    if (current === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return current as T;
}
