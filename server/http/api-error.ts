// The REST edge's error: an HTTP status with GitHub's error body
// (json-response.ts). Code below the edges raises DomainError
// (errors/domain-error.ts), which the pipeline maps to one of these once
// (domain-error-reply.ts); ApiError itself is for what only HTTP has: bad
// JSON, methods, media types, body sizes and timeouts, rate limits.
import type { ValidationErrorItem } from '../errors/domain-error.js';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ValidationErrorItem[] | undefined;
  readonly headers: Record<string, string>;
  /** GitHub's validation-error-simple: `errors` as sentences, in place of field errors. */
  readonly sentences: readonly string[] | undefined;
  /** GitHub's `documentation_url` where it names a page of its own for this refusal; default its REST index. */
  readonly documentationUrl: string | undefined;

  constructor(
    status: number,
    message: string,
    errors?: ValidationErrorItem[],
    headers: Record<string, string> = {},
    sentences?: readonly string[],
    documentationUrl?: string,
  ) {
    // Expected outcomes (404, 422, …) need no stack trace, and capturing one is
    // a large part of the cost of a 404.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.errors = errors;
    this.headers = headers;
    this.sentences = sentences;
    this.documentationUrl = documentationUrl;
  }
}
