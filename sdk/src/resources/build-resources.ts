// The resource layer at run time: one function per row of the generated
// operation table, grouped by the operationId's namespace. Its types come
// from resource-types.ts; this file only has to agree with them.
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';
import { operations } from '../generated/operations.js';
import type { CallInit, OperationId, Resources } from './resource-types.js';
import { toFetchInit, type LooseInit } from './fetch-init.js';
import { ARCHIVE_OPERATIONS, archiveMethod } from '../archives/archive-download.js';
import { camelCase } from './camel-case.js';

/** openapi-fetch's `request`, seen without its per-path typing (the table guarantees the pairing). */
export type LooseRequest = (
  method: string,
  path: string,
  init: LooseInit,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function looseRequest(raw: Client<paths>): LooseRequest {
  return raw.request as unknown as LooseRequest;
}

/** A row of the generated operation table, as the run-time layer reads it. */
interface TableRow {
  method: string;
  path: string;
  textAnswer?: true;
  textBody?: true;
}
const table: Record<string, TableRow> = operations;

const isArchive = (operationId: string) => (ARCHIVE_OPERATIONS as readonly string[]).includes(operationId);

/**
 * openapi-fetch reads JSON and sends JSON unless told: operations whose answers
 * are text (`/zen`, `/markdown`) are read as a string, and a text body
 * (`/markdown/raw`) is sent as it is.
 */
function withText(row: Pick<TableRow, 'textAnswer' | 'textBody'>, init: CallInit): Partial<LooseInit> {
  const options: Record<string, unknown> = { ...init };
  if (row.textAnswer) options.parseAs ??= 'text';
  if (row.textBody) {
    options.bodySerializer ??= (body: unknown) => String(body);
    const headers = new Headers(init.headers as HeadersInit | undefined);
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain');
    options.headers = headers;
  }
  return options;
}

/** `download` fetches the archive a download operation redirects to (the client's `fetch` option). */
export function buildResources(raw: Client<paths>, download: (input: Request) => Promise<Response>): Resources {
  const request = looseRequest(raw);
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [operationId, row] of Object.entries(table)) {
    const { method, path } = row;
    const [namespace, name] = operationId.split('/') as [string, string];
    const call = isArchive(operationId)
      ? archiveMethod(request, path, download)
      : (args?: Record<string, unknown>, init: CallInit = {}) =>
          request(method, path, { ...withText(row, init), ...toFetchInit(path, args) });
    Object.defineProperty(call, 'operationId', { value: operationId as OperationId, enumerable: true });
    (namespaces[camelCase(namespace)] ??= {})[camelCase(name)] = call;
  }
  return namespaces as unknown as Resources;
}
