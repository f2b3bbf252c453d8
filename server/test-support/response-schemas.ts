// One call for the new endpoints' tests: a body checked against our contract's
// schema for the operation's status (openapi.yaml) and against GitHub's own.
import { expect } from 'vitest';
import { schemaErrorsAt } from './contract-schema.js';
import { githubComponentErrors, githubResponseErrors } from './github-schema.js';

const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * `ours`: the path and method in openapi.yaml; `github`: GitHub's operationId,
 * or a component schema name (`git-ref[]` for an array) for paths GitHub serves
 * without describing them.
 */
export function expectBothSchemas(
  body: unknown,
  ours: { path: string; method: string; status?: number },
  github: { operationId: string } | { component: string },
) {
  const status = ours.status ?? 200;
  const pointer = `#/paths/${pointerSegment(ours.path)}/${ours.method}/responses/${status}/content/application~1json/schema`;
  expect(schemaErrorsAt(pointer, body), 'our schema').toBe('');
  const theirs =
    'operationId' in github
      ? githubResponseErrors(github.operationId, status, body)
      : githubComponentErrors(github.component, body);
  expect(theirs, "GitHub's schema").toBe('');
}
