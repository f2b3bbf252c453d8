// Turns the OpenAPI document into the route table: one row per operation
// with what the request pipeline needs before a handler runs (how to match,
// whether a token is required, which OAuth scopes are accepted).
import { resolveLocalRef } from './openapi-refs.js';
import { sortedByOperationId } from './operation-rows.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type AuthMode = 'required' | 'optional' | 'none' | 'app-jwt' | 'client-basic';

export interface RouteRow {
  operationId: string;
  method: string;
  path: string;
  /** h3 (rou3) route pattern. */
  route: string;
  auth: AuthMode;
  acceptedScopes: string[];
  /**
   * What an installation token needs for the operation (`x-wharf-app-permissions`,
   * permission name → level); null: not available to installation tokens
   * ("Resource not accessible by integration"), as GitHub's user-only endpoints.
   */
  appPermissions: Record<string, 'read' | 'write' | 'admin'> | null;
  /** The request body may be application/x-www-form-urlencoded (the OAuth endpoints); others are JSON whatever the Content-Type, as on GitHub. */
  acceptsForm: boolean;
  /**
   * The request body is raw bytes or text, never JSON (a release asset's upload, `/markdown/raw`'s
   * text/plain): its handler reads it itself.
   */
  rawBody: boolean;
  /**
   * Rate-limit resource the operation counts against (`x-wharf-rate-limit-resource`, default core);
   * `none`: not counted and no rate-limit headers (the health probes, which load balancers call).
   */
  rateLimitResource: 'core' | 'oauth' | 'search' | 'none';
  /** False for operations that do not count against the limit (`x-wharf-rate-limit-counted: false`: GET /rate_limit, as on GitHub). */
  rateLimitCounted: boolean;
  /** Issue that will implement the operation; the server answers 501 until then. */
  planned: string | null;
  /** Request body cap in bytes (`x-wharf-max-body-bytes`); null: the configured default (WHARF_MAX_BODY_BYTES). */
  maxBodyBytes: number | null;
  /**
   * The same operation found by repository id (`/repositories/:repository_id/…`)
   * for a route under `/repos/:owner/:repo`, null elsewhere: generated aliases,
   * not operations of openapi.yaml (server/http/route-runner.ts serves them).
   */
  repositoryIdRoute: string | null;
}

const BY_NAME = '/repos/:owner/:repo';

/** `/repos/:owner/:repo/…` → `/repositories/:repository_id/…`; null for any other route. */
export function repositoryIdRoute(route: string): string | null {
  if (route !== BY_NAME && !route.startsWith(`${BY_NAME}/`)) return null;
  return `/repositories/:repository_id${route.slice(BY_NAME.length)}`;
}

type Parameter = { name: string; in: string; 'x-multi-segment'?: boolean };

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: (Parameter | { $ref: string })[];
  'x-accepted-oauth-scopes'?: string[];
  'x-wharf-app-permissions'?: Record<string, 'read' | 'write' | 'admin'>;
  'x-wharf-planned'?: string;
  'x-wharf-rate-limit-resource'?: 'core' | 'oauth' | 'search' | 'none';
  'x-wharf-max-body-bytes'?: number;
  'x-wharf-rate-limit-counted'?: boolean;
  requestBody?: { content?: Record<string, unknown> } | { $ref: string };
}

type Spec = { security?: Record<string, string[]>[]; paths: Record<string, Record<string, OpenAPIPathItemValue>> };
type OpenAPIPathItemValue = OpenApiOperation & { name?: string };

function authMode(security: Record<string, string[]>[] | undefined): AuthMode {
  const requirements = security ?? [];
  if (requirements.length === 0) return 'none';
  const schemes = requirements.map((r) => Object.keys(r));
  if (schemes.every((s) => s.length === 0)) return 'none';
  if (schemes.some((s) => s.includes('appJwt'))) return 'app-jwt';
  if (schemes.some((s) => s.includes('clientBasic'))) return 'client-basic';
  return schemes.some((s) => s.length === 0) ? 'optional' : 'required';
}

function maxBodyBytes(op: OpenApiOperation, where: string): number | null {
  const value = op['x-wharf-max-body-bytes'];
  if (value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${where}: x-wharf-max-body-bytes must be a positive integer`);
  return value;
}

function toRoute(spec: Spec, path: string, pathLevel: OpenApiOperation['parameters'], op: OpenApiOperation): string {
  const params = [...(pathLevel ?? []), ...(op.parameters ?? [])].map((p) => resolveLocalRef<Parameter>(spec, p));
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const slashes = params.some((p) => p.name === name && p.in === 'path' && p['x-multi-segment']);
    return slashes ? `**:${name}` : `:${name}`;
  });
}

export function buildRouteTable(spec: Spec): RouteRow[] {
  const rows: RouteRow[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    const pathParams = (item as { parameters?: OpenApiOperation['parameters'] }).parameters;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const route = toRoute(spec, path, pathParams, op);
      rows.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        route,
        auth: authMode(op.security ?? spec.security),
        acceptedScopes: op['x-accepted-oauth-scopes'] ?? [],
        appPermissions: op['x-wharf-app-permissions'] ?? null,
        rateLimitResource: op['x-wharf-rate-limit-resource'] ?? 'core',
        rateLimitCounted: op['x-wharf-rate-limit-counted'] ?? true,
        acceptsForm: Boolean(
          op.requestBody &&
            'content' in op.requestBody &&
            op.requestBody.content?.['application/x-www-form-urlencoded'],
        ),
        rawBody: isRawBody(op.requestBody && 'content' in op.requestBody ? op.requestBody.content : undefined),
        planned: op['x-wharf-planned'] ?? null,
        maxBodyBytes: maxBodyBytes(op, `${method.toUpperCase()} ${path}`),
        repositoryIdRoute: repositoryIdRoute(route),
      });
    }
  }
  return sortedByOperationId(rows);
}

/** Declared as octet-stream, any type or text only: no JSON or form type among the body's media types. */
function isRawBody(content: Record<string, unknown> | undefined): boolean {
  const types = Object.keys(content ?? {});
  return (
    types.length > 0 &&
    types.every((type) => type === 'application/octet-stream' || type === '*/*' || type.startsWith('text/'))
  );
}

export function renderRouteTable(rows: RouteRow[]): string {
  const body = rows.map((r) => `  ${JSON.stringify(r.operationId)}: ${JSON.stringify({ ...r })},`).join('\n');
  return `import type { RouteRow } from '../codegen/route-table.js';

export const routeTable = {
${body}
} as const satisfies Record<string, RouteRow>;

export type OperationId = keyof typeof routeTable;
`;
}
