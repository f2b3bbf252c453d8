// Validating a value against a schema of openapi.yaml in tests, e.g. that a
// webhook payload Wharf sent matches `#/components/schemas/webhook-payload`.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: unknown) => void;
const ID = 'https://wharf.local/openapi.json';

let ajv: Ajv2020 | undefined;

/** The validation errors of `value` against the named component schema, as text ('' when valid). */
export function schemaErrors(componentSchema: string, value: unknown): string {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object), $id: ID });
  }
  const validate = ajv.compile({ $ref: `${ID}#/components/schemas/${componentSchema}` });
  return validate(value) ? '' : ajv.errorsText(validate.errors);
}
