// Prism picks the answer from `Prefer: code=…, example=…, dynamic=…` (or the
// `__code`, `__example`, `__dynamic` query knobs). Asked for an answer the
// operation does not document, prism refuses with a 404 (or 422) that the
// mock would pass on as GitHub's 404 "Not Found": a typo in a test looks like
// a missing resource. The mock checks the preferences first, and answers a
// bad one with a 400 that names it and what the operation documents.
import { routeTable, type OperationId } from '../../server/generated/routes.js';
import { ApiError } from '../../server/http/api-error.js';

interface MediaType {
  examples?: Record<string, unknown>;
}
interface ContractResponses {
  [status: string]: { content?: Record<string, MediaType> };
}
export interface ContractPaths {
  paths: Record<string, Record<string, { responses?: ContractResponses }>>;
}

/** Preferences prism reads, as a Prefer header or query knobs give them (prism ignores any other). */
export interface Preferences {
  code?: string | true;
  example?: string | true;
  dynamic?: string | true;
}

/** `Prefer: code=404, example=x` → { code: '404', example: 'x' }; a preference without a value is `true`. */
export function parsePrefer(header: string): Preferences {
  const preferences: Record<string, string | true> = {};
  for (const item of header.split(',')) {
    // Parameters after `;` qualify a preference; prism reads none of them.
    const [name, ...value] = item.split(';')[0]!.split('=');
    const key = name!.trim().toLowerCase();
    if (key)
      preferences[key] = value.length
        ? value
            .join('=')
            .trim()
            .replace(/^"(.*)"$/, '$1')
        : true;
  }
  return preferences;
}

const examplesOf = (responses: ContractResponses, status: string) =>
  Object.values(responses[status]?.content ?? {}).flatMap((media) => Object.keys(media.examples ?? {}));

/** Throws a 400 naming the problem when `preferences` asks `operationId` for an answer it does not document. */
export function checkPreferences(
  spec: ContractPaths,
  operationId: OperationId,
  preferences: Preferences,
  source: 'Prefer' | 'query',
): void {
  const { path, method } = routeTable[operationId];
  const responses = spec.paths[path]?.[method.toLowerCase()]?.responses ?? {};
  const statuses = Object.keys(responses);
  const name = (key: string) => (source === 'Prefer' ? `Prefer: ${key}` : `__${key}`);
  const refuse = (message: string) => {
    throw new ApiError(400, `mock server: ${message}`);
  };
  const { code, example, dynamic } = preferences;
  if (code !== undefined) {
    if (code === true || !/^\d{3}$/.test(code))
      refuse(`${name('code')} must be a three-digit status, got ${String(code)}`);
    else if (!statuses.includes(code) && !statuses.includes('default'))
      refuse(`${name('code')}=${code}: ${operationId} documents ${statuses.join(', ')}`);
  }
  if (dynamic !== undefined && dynamic !== 'true' && dynamic !== 'false')
    refuse(`${name('dynamic')} must be true or false, got ${String(dynamic)}`);
  if (example !== undefined) {
    const where = typeof code === 'string' ? [code] : statuses.filter((status) => status.startsWith('2'));
    const known = where.flatMap((status) => examplesOf(responses, status));
    if (example === true || !known.includes(example))
      refuse(
        `${name('example')}=${String(example)}: ${operationId} documents ` +
          (known.length ? `the examples ${known.join(', ')}` : 'no named examples') +
          ` for ${where.join(', ')}`,
      );
  }
}
