// A resource method's flat arguments → openapi-fetch's request options: the
// names in the path template are path parameters, `body` is the body, and
// everything else is a query parameter.

export interface LooseInit {
  params: { path: Record<string, unknown>; query: Record<string, unknown> };
  body?: unknown;
  [option: string]: unknown;
}

export function pathParamNames(path: string): Set<string> {
  return new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
}

export function toFetchInit(path: string, args: Record<string, unknown> = {}): LooseInit {
  const names = pathParamNames(path);
  const init: LooseInit = { params: { path: {}, query: {} } };
  for (const [key, value] of Object.entries(args)) {
    if (key === 'body') init.body = value;
    else if (names.has(key)) init.params.path[key] = value;
    else if (value !== undefined) init.params.query[key] = value;
  }
  return init;
}
