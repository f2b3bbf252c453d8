// `client.rateLimit` after an answer: every rate-limit header the contract
// documents for that answer was sent, is valid against its schema, and is
// what the client now reports; the bucket is the one the operation names.
import { expect } from 'vitest';
import { schemaErrorsAt } from '../../../server/test-support/contract-schema.js';
import type { RateLimitState } from '../../src/transport/rate-limit-state.js';
import type { ContractOperation, DocumentedResponse } from './contract-operations.js';

export function expectRateLimit(
  state: RateLimitState | undefined,
  response: Response,
  documented: DocumentedResponse,
  operation: ContractOperation,
): void {
  if (operation.rateLimitResource === 'none') {
    // Outside the rate limits (the health probes): no headers, so the client has no state.
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(state).toBeUndefined();
    return;
  }
  const sent: Record<string, unknown> = {};
  for (const [field, header] of Object.entries(documented.rateLimit)) {
    const text = response.headers.get(header.name);
    expect(text, `${header.name} is documented but was not sent`).not.toBeNull();
    const value = header.numeric && /^-?\d+(\.\d+)?$/.test(text!) ? Number(text) : text;
    expect(schemaErrorsAt(header.schema, value), header.name).toBe('');
    sent[field] = value;
  }
  // All five are documented on every answer (contract-tests/openapi-examples.test.ts), so this is the whole state.
  expect(state).toEqual(sent);
  expect(state?.resource).toBe(operation.rateLimitResource);
}
