// Validating a value against a schema of openapi.yaml in tests, e.g. that a
// webhook payload Wharf sent matches `#/components/schemas/webhook-payload`,
// or that an answer matches the schema of its operation's documented status.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;
const ID = 'https://wharf.local/openapi.json';

let ajv: Ajv2020 | undefined;
// Compiling is the slow part; a test run asks about the same few schemas many times.
const compiled = new Map<string, ValidateFunction>();

/** The validation errors of `value` against the named component schema, as text ('' when valid). */
export function schemaErrors(componentSchema: string, value: unknown): string {
  return schemaErrorsAt(`#/components/schemas/${componentSchema}`, value);
}

/**
 * The validation errors of `value` against the schema at a JSON pointer into
 * openapi.yaml, e.g. `#/paths/~1user/get/responses/200/content/application~1json/schema`,
 * as text ('' when valid). The pointer must reach a schema without passing a
 * `$ref` on the way (resolve `components/responses` references first).
 */
export function schemaErrorsAt(pointer: string, value: unknown): string {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({
      ...(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object),
      $id: ID,
    });
  }
  let validate = compiled.get(pointer);
  if (!validate) {
    // Each segment percent-encoded: path keys such as `/repos/{owner}` are not valid in a URI fragment as they are.
    const fragment = pointer
      .replace(/^#/, '')
      .split('/')
      .map((segment) => encodeURIComponent(segment))
      .join('/');
    validate = ajv.compile({ $ref: `${ID}#${fragment}` });
    compiled.set(pointer, validate);
  }
  return validate(value) ? '' : ajv.errorsText(validate.errors);
}
