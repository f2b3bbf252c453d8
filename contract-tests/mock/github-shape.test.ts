// The mock's outside: rate-limit headers as openapi.yaml declares them, and
// errors (its own and prism's) in the server's body.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/api-error.js';
import { validationFailed } from '../../server/errors/domain-error.js';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { errorResponse, fromProblem, isProblem, rateLimitHeaders, withRateLimit } from './github-shape.js';

const problem = (body: object) => Buffer.from(JSON.stringify(body));

describe('rate-limit headers', () => {
  it('are the five the contract requires, as non-negative integers and the resource', () => {
    const now = Date.UTC(2024, 0, 1);
    const headers = rateLimitHeaders('oauth', now);
    expect(headers).toEqual({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-used': '1',
      'x-ratelimit-reset': String(now / 1000 + 3600),
      'x-ratelimit-resource': 'oauth',
    });
  });

  it('are added even to a response whose headers are immutable', async () => {
    const response = withRateLimit(Response.redirect('http://127.0.0.1/next', 302), 'core');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1/next');
    expect(response.headers.get('x-ratelimit-resource')).toBe('core');
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });
});

describe('error responses', () => {
  it('carry GitHub’s basic error body, and the error’s own headers', async () => {
    const response = errorResponse(new ApiError(405, 'Method Not Allowed', undefined, { allow: 'GET, HEAD' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(schemaErrors('basic-error', body)).toBe('');
    expect(body).toEqual({
      message: 'Method Not Allowed',
      documentation_url: 'https://docs.github.com/rest',
      status: '405',
    });
  });

  it('carry `errors` on 422, valid against validation-error', async () => {
    const response = errorResponse(validationFailed([{ resource: 'Hook', field: 'config.url', code: 'invalid' }]));
    expect(schemaErrors('validation-error', await response.json())).toBe('');
  });
});

describe("prism's problem+json", () => {
  it('is recognised by its media type', () => {
    expect(isProblem('application/problem+json; charset=utf-8')).toBe(true);
    expect(isProblem('application/json')).toBe(false);
    expect(isProblem(undefined)).toBe(false);
  });

  it('becomes the error the server gives for that status', () => {
    expect(fromProblem(401, problem({ title: 'Invalid security scheme used' })).message).toBe(
      'requires authentication',
    );
    expect(fromProblem(404, problem({ title: 'Route not resolved, no path matched' })).message).toBe('Not Found');
    const invalid = fromProblem(422, problem({ title: 'Invalid request' }));
    expect([invalid.status, invalid.message, invalid.errors?.length]).toEqual([422, 'Validation Failed', 1]);
    expect(fromProblem(415, problem({ title: 'Unsupported media type' })).message).toBe('Unsupported media type');
    expect(fromProblem(406, Buffer.from('not json')).message).toBe('Not Acceptable');
  });
});
