// Request validation compiled once at start from openapi.yaml with ajv (JSON
// Schema 2020-12, as OpenAPI 3.1 uses). Path parameters that fail their schema
// are 404 (GitHub treats a malformed id as an unknown one); query and body
// failures are 422 with GitHub's errors[]; unknown body fields are ignored.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { resolveLocalRef } from '../codegen/openapi-refs.js';
import { ApiError } from './api-error.js';
import { notFound, validationFailed, type ValidationErrorItem } from '../errors/domain-error.js';
import { compileParamCheck, INVALID, type ParamCheck } from './path-param-check.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  'x-wharf-error-resource'?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}

interface CompiledOperation {
  resource: string;
  /** Set when every path parameter has a plain schema (path-param-check.ts): ajv is not run for them. */
  pathChecks?: [name: string, check: ParamCheck][];
  path?: ValidateFunction;
  query?: ValidateFunction;
  queryNames: string[];
  /** Path and query parameters the spec types as integer or number. */
  numeric: Set<string>;
  body?: ValidateFunction;
  bodyRequired: boolean;
}

const SPEC_ID = 'wharf-openapi.json';
const RESOURCE_BY_TAG: Record<string, string> = {
  repos: 'Repository',
  git: 'Reference',
  hooks: 'Hook',
  users: 'User',
  authorizations: 'OauthAccess',
  oauth: 'OauthAccess',
  apps: 'Installation',
  issues: 'Issue',
};

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? SPEC_ID + value : rewriteRefs(value);
    }
    return out;
  }
  return node;
}

// ajv coerces with JavaScript's Number(), which ignores surrounding whitespace
// ("6\v" → 6) and reads "0x10" as 16; a number in a URL is plain digits.
const PLAIN_NUMERAL = /^-?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

function numericNames(params: Parameter[]): Set<string> {
  const names = params.filter((p) => {
    const type = p.schema?.type;
    return type === 'integer' || type === 'number';
  });
  return new Set(names.map((p) => p.name));
}

/** The first numeric parameter whose raw text is not a plain numeral, if any. */
function looseNumeral(numeric: Set<string>, raw: Record<string, unknown>): string | undefined {
  for (const name of numeric) {
    const value = raw[name];
    if (typeof value === 'string' && !PLAIN_NUMERAL.test(value)) return name;
  }
  return undefined;
}

function objectSchema(params: Parameter[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, rewriteRefs(p.schema ?? {})])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

function toField(error: ErrorObject): string {
  const base = error.instancePath.split('/').filter(Boolean).join('.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return base ? `${base}.${missing}` : missing;
  }
  return base;
}

export function toValidationErrors(resource: string, errors: ErrorObject[]): ValidationErrorItem[] {
  const seen = new Set<string>();
  const items: ValidationErrorItem[] = [];
  for (const error of errors) {
    if (error.keyword === 'additionalProperties' || error.keyword === 'if') continue;
    const field = toField(error);
    const code = error.keyword === 'required' ? 'missing_field' : 'invalid';
    const key = `${field}|${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ resource, field, code });
  }
  return items.length ? items : [{ resource, field: '', code: 'invalid' }];
}

/** The fast checks of an operation's path parameters, or undefined when any of them needs ajv. */
function fastPathChecks(spec: object, pathParams: Parameter[]): [string, ParamCheck][] | undefined {
  const checks: [string, ParamCheck][] = [];
  for (const param of pathParams) {
    const schema = param.schema ? resolveLocalRef<Schema>(spec, param.schema) : undefined;
    const check = param.required ? compileParamCheck(schema) : undefined;
    if (!check) return undefined;
    checks.push([param.name, check]);
  }
  return checks;
}

/** The same answer as ajv over the operation's path schema (path-param-check.test.ts compares them). */
function checkPathParams(op: CompiledOperation, raw: Record<string, string>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, check] of op.pathChecks!) {
    const text = raw[name];
    if (text === undefined) throw notFound();
    if (op.numeric.has(name) && !PLAIN_NUMERAL.test(text)) throw notFound();
    const value = check(text);
    // An id beyond 2^53 cannot name any row (and would not survive as a JS number).
    if (value === INVALID || (typeof value === 'number' && !Number.isSafeInteger(value))) throw notFound();
    data[name] = value;
  }
  return data;
}

export class RequestValidator {
  private readonly operations = new Map<string, CompiledOperation>();

  constructor(spec: { paths: Record<string, Record<string, unknown>> }) {
    const base = { strict: false, allErrors: true, validateFormats: true } as const;
    const params = new Ajv2020({ ...base, coerceTypes: true, useDefaults: true });
    const bodies = new Ajv2020({ ...base, useDefaults: true });
    for (const ajv of [params, bodies]) {
      addFormats(ajv);
      ajv.addSchema(spec as object, SPEC_ID);
    }
    for (const item of Object.values(spec.paths)) {
      const resolve = (list: unknown) =>
        ((list ?? []) as unknown[]).map((p) => resolveLocalRef<Parameter>(spec, p as Parameter));
      const shared = resolve(item.parameters);
      for (const [method, value] of Object.entries(item)) {
        if (method === 'parameters' || typeof value !== 'object' || !value) continue;
        const op = value as Operation;
        const all = [...shared, ...resolve(op.parameters)];
        const pathParams = all.filter((p) => p.in === 'path');
        const queryParams = all.filter((p) => p.in === 'query');
        const requestBody = op.requestBody
          ? resolveLocalRef<NonNullable<Operation['requestBody']>>(spec, op.requestBody)
          : undefined;
        const bodySchema = requestBody?.content?.['application/json']?.schema;
        const pathChecks = fastPathChecks(spec, pathParams);
        this.operations.set(op.operationId, {
          resource: op['x-wharf-error-resource'] ?? RESOURCE_BY_TAG[op.operationId.split('/')[0]!] ?? 'Resource',
          pathChecks,
          // Compiled only where the fast checks cannot answer (less start-up work too).
          path: pathParams.length && !pathChecks ? params.compile(objectSchema(pathParams)) : undefined,
          query: queryParams.length ? params.compile(objectSchema(queryParams)) : undefined,
          queryNames: queryParams.map((p) => p.name),
          numeric: numericNames([...pathParams, ...queryParams]),
          body: bodySchema ? bodies.compile(rewriteRefs(bodySchema) as Schema) : undefined,
          bodyRequired: requestBody?.required ?? false,
        });
      }
    }
  }

  private op(operationId: string): CompiledOperation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`no validator for ${operationId}`);
    return op;
  }

  /** Coerces and checks path parameters; 404 on failure. */
  pathParams(operationId: string, raw: Record<string, string>): Record<string, unknown> {
    const op = this.op(operationId);
    if (op.pathChecks) return checkPathParams(op, raw);
    const validate = op.path;
    const data: Record<string, unknown> = { ...raw };
    if (looseNumeral(op.numeric, data) !== undefined) throw notFound();
    if (validate && !validate(data)) throw notFound();
    // An id beyond 2^53 cannot name any row (and would not survive as a JS number).
    if (Object.values(data).some((v) => typeof v === 'number' && !Number.isSafeInteger(v))) throw notFound();
    return data;
  }

  /** Known query parameters, coerced and checked; 422 on failure. Unknown ones are dropped. */
  query(operationId: string, raw: Record<string, string | string[]>): Record<string, unknown> {
    const op = this.op(operationId);
    const data: Record<string, unknown> = {};
    for (const name of op.queryNames) {
      const value = raw[name];
      if (value !== undefined) data[name] = Array.isArray(value) ? value[0] : value;
    }
    const loose = looseNumeral(op.numeric, data);
    if (loose !== undefined) throw validationFailed([{ resource: op.resource, field: loose, code: 'invalid' }]);
    if (op.query && !op.query(data)) throw validationFailed(toValidationErrors(op.resource, op.query.errors ?? []));
    return data;
  }

  /** The names of the query parameters the operation defines. */
  queryNames(operationId: string): readonly string[] {
    return this.op(operationId).queryNames;
  }

  /** Whether the operation declares a JSON body (a DELETE may: GitHub's `/applications/{client_id}/token`). */
  declaresBody(operationId: string): boolean {
    return this.op(operationId).body !== undefined;
  }

  /** Checks a parsed JSON body; 400 for a non-object, 422 for schema failures. */
  body(operationId: string, parsed: unknown): unknown {
    const op = this.op(operationId);
    if (!op.body) return undefined;
    // No body at all where the operation requires one is not an empty object.
    if (parsed === undefined && op.bodyRequired) throw new ApiError(400, 'Body should be a JSON object');
    // `null` is "no options" where the contract allows it (go-github and
    // ghinstallation send it for an installation token without options).
    if (parsed === undefined || (parsed === null && op.body(null))) parsed = {};
    // A list is a body only where the contract takes one (GitHub's issues/add-labels takes the names bare).
    if (parsed === null || typeof parsed !== 'object' || (Array.isArray(parsed) && !op.body(parsed))) {
      throw new ApiError(400, 'Body should be a JSON object');
    }
    if (!op.body(parsed)) throw validationFailed(toValidationErrors(op.resource, op.body.errors ?? []));
    return parsed;
  }
}
