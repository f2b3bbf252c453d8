// openapi.yaml → the SDK's operation table: operationId → { method, path },
// plus `appJwt: true` on the operations only an app's JWT may call (their
// `security` names no other scheme), so that createAppAuth can pick the JWT
// for them and the installation token elsewhere. The resource layer (`client.repos.get(...)`) is built from this table at
// run time and typed from it at compile time, so a new operation in the
// contract shows up in the SDK by regenerating, not by writing a wrapper.
import { sortedByOperationId } from '../../server/codegen/operation-rows.js';
import { camelCase } from '../src/resources/camel-case.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationRow {
  operationId: string;
  method: (typeof METHODS)[number];
  path: string;
  /** Only an app JWT is accepted (`/app`, `/app/installations…`, `GET /repos/{owner}/{repo}/installation`, …). */
  appJwt?: true;
  /** Its success answers are text, not JSON (`/zen`, `/markdown`): read as a string. */
  textAnswer?: true;
  /** Its body is text, not JSON (`/markdown/raw`): sent as it is, `text/plain`. */
  textBody?: true;
}

// The client's own members; a namespace by one of these names would hide it.
const RESERVED = new Set([
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
  'request',
  'use',
  'eject',
  'paginate',
  'graphql',
  'node',
  'nodes',
  'rateLimit',
]);

type Security = Record<string, string[]>[];
type Content = { content?: Record<string, unknown> };
type OperationObject = {
  operationId?: string;
  security?: Security;
  requestBody?: Content;
  responses?: Record<string, Content>;
};
export type OperationSpec = {
  security?: Security;
  paths: Record<string, Partial<Record<string, OperationObject>>>;
};

/** Media types with content, none of them JSON (an empty 204 says nothing either way). */
const onlyText = (contents: (Content | undefined)[]) => {
  const types = contents.flatMap((c) => Object.keys(c?.content ?? {}));
  return types.length > 0 && types.every((type) => !/json/.test(type) && type !== 'application/octet-stream');
};

/** Every alternative requirement names the appJwt scheme (an empty list means "no auth", not JWT-only). */
const onlyAppJwt = (security: Security | undefined) =>
  !!security?.length && security.every((requirement) => 'appJwt' in requirement);

export function buildOperationTable(spec: OperationSpec): OperationRow[] {
  const rows: OperationRow[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      // The namespace/method split needs exactly one `/` (`hooks/list-deliveries`); a kebab namespace
      // (`codes-of-conduct/…`) becomes camelCase on the client, as Octokit's `codesOfConduct`.
      if (!/^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/.test(op.operationId))
        throw new Error(`operationId ${op.operationId} is not <namespace>/<kebab-name>`);
      const namespace = camelCase(op.operationId.split('/')[0]!);
      if (RESERVED.has(namespace)) throw new Error(`operationId ${op.operationId}: its namespace is a client member`);
      rows.push({
        operationId: op.operationId,
        method,
        path,
        ...(onlyAppJwt(op.security ?? spec.security) ? { appJwt: true as const } : {}),
        ...(onlyText(Object.entries(op.responses ?? {}).flatMap(([s, r]) => (/^2/.test(s) ? [r] : [])))
          ? { textAnswer: true as const }
          : {}),
        ...(onlyText([op.requestBody]) ? { textBody: true as const } : {}),
      });
    }
  }
  return sortedByOperationId(rows);
}

export function renderOperationTable(rows: OperationRow[]): string {
  const body = rows
    .map(
      (r) =>
        `  ${JSON.stringify(r.operationId)}: { method: ${JSON.stringify(r.method)}, path: ${JSON.stringify(r.path)}${r.appJwt ? ', appJwt: true' : ''}${r.textAnswer ? ', textAnswer: true' : ''}${r.textBody ? ', textBody: true' : ''} },`,
    )
    .join('\n');
  return `export const operations = {
${body}
} as const;

export type OperationId = keyof typeof operations;
`;
}
