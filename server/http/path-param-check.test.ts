// The path parameter checks that skip ajv (path-param-check.ts) must answer
// exactly as ajv does over the same schemas: same 404s, same coerced values.
// For every operation of openapi.yaml with path parameters, arbitrary and
// boundary values go through RequestValidator.pathParams and through ajv
// compiled from the operation's own schemas, and the answers are compared.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveLocalRef } from '../codegen/openapi-refs.js';
import { loadSpec } from '../services.js';
import { compileParamCheck } from './path-param-check.js';
import { RequestValidator } from './request-validator.js';
import { restStatus } from './domain-error-reply.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

type Schema = Record<string, unknown>;
interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Spec {
  paths: Record<string, Record<string, unknown>>;
}

let spec: Spec;
let validator: RequestValidator;
const operations: { operationId: string; params: Param[] }[] = [];

beforeAll(async () => {
  spec = (await loadSpec()) as Spec;
  validator = new RequestValidator(spec);
  for (const item of Object.values(spec.paths)) {
    const resolve = (list: unknown) => ((list ?? []) as Param[]).map((p) => resolveLocalRef<Param>(spec, p));
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters' || typeof op !== 'object' || !op) continue;
      const { operationId, parameters } = op as { operationId: string; parameters?: unknown };
      const params = [...resolve(item.parameters), ...resolve(parameters)].filter((p) => p.in === 'path');
      if (params.length) operations.push({ operationId, params });
    }
  }
});

/** What ajv says: the answer RequestValidator gave before the fast checks existed. */
const compiled = new Map<Param[], ValidateFunction>();

function ajvAnswer(params: Param[], raw: Record<string, string>): Record<string, unknown> | 'not found' {
  let validate = compiled.get(params);
  if (!validate) {
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      validateFormats: true,
      coerceTypes: true,
      useDefaults: true,
    });
    addFormats(ajv);
    validate = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, resolveLocalRef(spec, p.schema ?? {})])),
      required: params.filter((p) => p.required).map((p) => p.name),
    });
    compiled.set(params, validate);
  }
  const data: Record<string, unknown> = { ...raw };
  const numeric = params.filter((p) =>
    ['integer', 'number'].includes(resolveLocalRef<Schema>(spec, p.schema ?? {}).type as string),
  );
  if (numeric.some((p) => !/^-?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)$/.test(raw[p.name]!))) return 'not found';
  if (!validate(data)) return 'not found';
  if (Object.values(data).some((v) => typeof v === 'number' && !Number.isSafeInteger(v))) return 'not found';
  return data;
}

function fastAnswer(operationId: string, raw: Record<string, string>): Record<string, unknown> | 'not found' {
  try {
    return validator.pathParams(operationId, raw);
  } catch (error) {
    if (restStatus(error) === 404) return 'not found';
    throw error;
  }
}

const nameChars = fc.constantFrom(...'abcXYZ019_.-'.split(''));
const values = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: nameChars, minLength: 95, maxLength: 105 }),
  fc.string({ unit: nameChars, maxLength: 8 }),
  fc.constantFrom(
    '',
    '0',
    '1',
    '01',
    '1.0',
    '1.5',
    '1e3',
    '-1',
    ' 1',
    '0x10',
    '9007199254740991',
    '9007199254740993',
    '1e400',
    'a😀b',
    '😀'.repeat(60),
  ),
  fc.bigInt({ min: -10n, max: 2n ** 60n }).map(String),
);

describe('path parameters checked without ajv', () => {
  it('cover the schemas of owner, repo and numeric ids (the hot path does not fall back to ajv)', () => {
    const owner = { type: 'string', pattern: '^[A-Za-z0-9_.-]+$', maxLength: 100 };
    expect(compileParamCheck(owner)).toBeDefined();
    expect(compileParamCheck({ type: 'integer', minimum: 1 })).toBeDefined();
    // Keywords it does not implement leave the schema to ajv.
    expect(compileParamCheck({ type: 'string', format: 'date-time' })).toBeUndefined();
    expect(compileParamCheck({ type: 'string', enum: ['a'] })).toBeUndefined();
  });

  it('answer as ajv does for every operation of openapi.yaml', () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const { operationId, params } of operations) {
      fc.assert(
        fc.property(fc.tuple(...params.map(() => values)), (list) => {
          const raw = Object.fromEntries(params.map((p, i) => [p.name, list[i]!]));
          expect(fastAnswer(operationId, raw)).toEqual(ajvAnswer(params, raw));
        }),
        { numRuns: 150 },
      );
    }
  });
});
