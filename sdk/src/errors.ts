// The one error the SDK throws for an HTTP answer, where an exception is the
// only way out: an iterator (`paginate`) cannot return `{ error }` mid-loop.
// Single calls return errors as values instead, as openapi-fetch does.

export class WharfRequestError extends Error {
  override readonly name = 'WharfRequestError';
  readonly status: number;
  /** The parsed error body (GitHub's `{ message, documentation_url, errors? }`), or its text. */
  readonly body: unknown;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const message =
      body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : response.statusText;
    super(`${response.status} ${message}`.trim());
    this.status = response.status;
    this.body = body;
    this.response = response;
  }
}
