// Validating a response body against GitHub's own REST description
// (@octokit/openapi's api.github.com.json), so tests see what a GitHub client
// generated from that description would see. Only the schemas a check needs
// are pulled out of the 13 MB document, and each is compiled once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvModule, { type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// GitHub's description is OpenAPI 3.0: draft-07-style schemas with `nullable`
// (which Ajv 8 understands), `example`, `discriminator` and x- keys (ignored).
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as typeof AjvModule.default;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;

/**
 * Flaws of GitHub's response schemas that a correct body fails, by
 * operationId, with why, and the schema of GitHub's own (a component; `[]`
 * for an array of it) checked instead. A body is never weakened to pass: an
 * entry here is the place to say GitHub's description is wrong.
 */
export const KNOWN_GITHUB_SCHEMA_FLAWS: Record<string, { reason: string; instead: string }> = {
  'apps/list-installations': {
    reason:
      'its inline copy of `installation` makes `account` an allOf of simple-user and enterprise (an account both a user and an enterprise, which none is); the `installation` component, which apps/get-installation uses, has the intended anyOf',
    instead: 'installation[]',
  },
};

type Json = Record<string, unknown>;
interface Description {
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
}

let description: Description | undefined;
let ajv: InstanceType<typeof Ajv> | undefined;
const compiled = new Map<string, ValidateFunction>();

function load(): Description {
  if (!description) {
    const path = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
    description = JSON.parse(readFileSync(path, 'utf8')) as Description;
  }
  return description;
}

/** `#/components/<kind>/<name>` of GitHub's description. */
function component(ref: string): Json {
  const [, , kind, name] = ref.split('/');
  const found = load().components[kind!]?.[name!];
  if (!found) throw new Error(`GitHub's description has no ${ref}`);
  return found;
}

/** The root schema with every component schema it reaches, as one self-contained schema. */
function selfContained(root: Json): Json {
  const definitions: Record<string, Json> = {};
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!(name in definitions)) {
          definitions[name] = {}; // placeholder first: schemas refer to themselves
          definitions[name] = visit(component(value)) as Json;
        }
        out.$ref = `#/definitions/${name}`;
      } else {
        out[key] = visit(value);
      }
    }
    // OpenAPI 3.0's `nullable` beside `anyOf`/`$ref` with no `type` (GitHub's
    // installation `account`), which Ajv refuses: the same as "null, or …".
    // `nullable` beside an `enum` without null (the issue's `state_reason`,
    // null on every open issue GitHub serves): Ajv checks the enum first and
    // refuses null, which GitHub's description means to allow.
    if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.nullable === true && !('type' in out)) {
      const { nullable: _nullable, ...rest } = out;
      return { anyOf: [{ type: 'null' }, rest] };
    }
    return out;
  };
  const schema = visit(root) as Json;
  return { ...schema, definitions };
}

function validator(key: string, root: () => Json): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv({ strict: false, allErrors: true, logger: false });
      addFormats(ajv);
    }
    validate = ajv.compile(selfContained(root()));
    compiled.set(key, validate);
  }
  return validate;
}

function responseSchema(operationId: string, status: number): Json {
  for (const item of Object.values(load().paths)) {
    for (const op of Object.values(item)) {
      if (op.operationId !== operationId) continue;
      let response = (op.responses as Record<string, Json>)[String(status)];
      if (!response) throw new Error(`GitHub's ${operationId} documents no ${status}`);
      if (typeof response.$ref === 'string') response = component(response.$ref);
      const schema = (response.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
      if (!schema) throw new Error(`GitHub's ${operationId} ${status} has no JSON body`);
      return schema;
    }
  }
  throw new Error(`GitHub's description has no operation ${operationId}`);
}

function errorsOf(validate: ValidateFunction, value: unknown): string {
  return validate(value) ? '' : ajv!.errorsText(validate.errors);
}

/** Errors of `body` against GitHub's schema for operationId's `status` response ('' when valid). */
export function githubResponseErrors(operationId: string, status: number, body: unknown): string {
  const flaw = KNOWN_GITHUB_SCHEMA_FLAWS[operationId];
  if (flaw) return githubComponentErrors(flaw.instead, body);
  return errorsOf(
    validator(`op:${operationId}:${status}`, () => responseSchema(operationId, status)),
    body,
  );
}

/**
 * Errors against one of GitHub's component schemas ('' when valid), `[]` after
 * the name for an array of them: for paths GitHub serves but does not describe
 * (GET /repositories/{id} is a `full-repository`, GET …/git/refs a `git-ref[]`).
 */
export function githubComponentErrors(name: string, body: unknown): string {
  const array = name.endsWith('[]');
  const ref = `#/components/schemas/${array ? name.slice(0, -2) : name}`;
  return errorsOf(
    validator(`schema:${name}`, () => (array ? { type: 'array', items: { $ref: ref } } : { $ref: ref })),
    body,
  );
}
