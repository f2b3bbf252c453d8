// The contract's own hygiene: every example (served by the mock server) is
// valid against its schema, in both JSON Schema dialects our tools use
// (ajv 2020 here, draft-7 in prism), and every response documents the
// rate-limit headers the server always sends. It also reads the same to YAML
// 1.1 tools (prism, schemathesis), which would turn an unquoted 2022-11-28
// into a date.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv as AjvDraft7 } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { resolveLocalRef } from '../server/codegen/openapi-refs.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;
type Node = Record<string, any>;
const text = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
const doc = parse(text) as Node;
const ID = 'https://wharf.local/openapi.json';
const pointer = (path: (string | number)[]) =>
  `#/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

const RFC3339_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function validators() {
  return [new Ajv2020({ strict: false, allErrors: true }), new AjvDraft7({ strict: false, allErrors: true })].map(
    (ajv) => {
      addFormats(ajv);
      // ajv-formats lets a space stand for the `T`; schemathesis (and GitHub) do not.
      ajv.addFormat('date-time', RFC3339_DATE_TIME);
      ajv.addSchema({ ...doc, $id: ID });
      return ajv;
    },
  );
}

interface Example {
  where: string;
  schemaPath: (string | number)[];
  value: unknown;
}

function collectExamples(node: unknown, path: (string | number)[], out: Example[]): Example[] {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) collectExamples(v, [...path, i], out);
  }
  if (!node || typeof node !== 'object' || Array.isArray(node)) return out;
  const n = node as Node;
  const isMedia = path[path.length - 2] === 'content';
  const isParamOrHeader = n.schema && (n.in || path[path.length - 2] === 'headers');
  if ((isMedia || isParamOrHeader) && n.schema) {
    if ('example' in n)
      out.push({ where: pointer([...path, 'example']), schemaPath: [...path, 'schema'], value: n.example });
    for (const [key, ex] of Object.entries((n.examples ?? {}) as Node)) {
      out.push({
        where: pointer([...path, 'examples', key]),
        schemaPath: [...path, 'schema'],
        value: resolveLocalRef<Node>(doc, ex).value,
      });
    }
  }
  const inSchema = path.includes('schemas') || path.includes('schema');
  if (inSchema && !isMedia && Array.isArray(n.examples)) {
    for (const [i, value] of (n.examples as unknown[]).entries()) {
      out.push({ where: pointer([...path, 'examples', i]), schemaPath: path, value });
    }
  }
  for (const [key, value] of Object.entries(n)) collectExamples(value, [...path, key], out);
  return out;
}

describe('openapi.yaml', () => {
  const examples = collectExamples(doc, [], []);

  it('has realistic examples, each valid against its schema in ajv 2020 and draft-7', () => {
    expect(examples.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const ajv of validators()) {
      for (const example of examples) {
        const validate = ajv.compile({ $ref: ID + pointer(example.schemaPath) });
        if (!validate(example.value)) failures.push(`${example.where}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('means the same to YAML 1.1 readers: no unquoted dates or times', () => {
    expect(parse(text, { version: '1.1' })).toEqual(doc);
  });

  it('gives every operation an operationId and documents rate-limit headers on every response of a rate-limited operation', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Node)) {
      for (const [method, op] of Object.entries(item as Node)) {
        if (method === 'parameters') continue;
        if (!op.operationId) missing.push(`${method} ${path}: operationId`);
        // Operations outside the rate limits (the health probes) send none of the headers, so document none.
        const unlimited = op['x-wharf-rate-limit-resource'] === 'none';
        for (const [status, response] of Object.entries(op.responses as Node)) {
          const headers = resolveLocalRef<Node>(doc, response).headers ?? {};
          for (const h of [
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Used',
            'X-RateLimit-Reset',
            'X-RateLimit-Resource',
          ]) {
            if (!unlimited && !headers[h]) missing.push(`${method} ${path} ${status}: ${h}`);
            if (unlimited && headers[h])
              missing.push(`${method} ${path} ${status}: ${h} documented on an operation outside the rate limits`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('uses no YAML anchors or aliases (PyYAML, which schemathesis uses, rejects what the yaml package lets through)', () => {
    const text = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
    expect(text.split('\n').filter((line) => /(:|-)\s+[&*][A-Za-z0-9_-]+\s*$/.test(line))).toEqual([]);
  });

  it('has no additionalProperties: true escape hatch on our own objects', () => {
    expect(JSON.stringify(doc.components.schemas)).not.toContain('"additionalProperties":true');
  });
});
