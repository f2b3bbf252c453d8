// The one error type of the HTTP layer. Handlers and middleware throw it; the
// pipeline turns it into GitHub's error body (error-response.ts).
export type ValidationCode = 'missing' | 'missing_field' | 'already_exists' | 'invalid' | 'custom';

export interface ValidationErrorItem {
  resource: string;
  field: string;
  code: ValidationCode;
  message?: string;
  /** The value refused, where GitHub names it (e.g. a milestone number no milestone has). */
  value?: string | number;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ValidationErrorItem[] | undefined;
  readonly headers: Record<string, string>;
  /** GitHub's validation-error-simple: `errors` as sentences (SentencesError), in place of field errors. */
  readonly sentences?: readonly string[];

  constructor(status: number, message: string, errors?: ValidationErrorItem[], headers: Record<string, string> = {}) {
    // Expected outcomes (404, 422, …) need no stack trace, and capturing one is
    // a large part of the cost of a 404.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/**
 * GitHub's 422 whose `errors` are sentences rather than field errors, as pull
 * request reviews answer: `{"message":"Unprocessable Entity","errors":["Can not approve your own pull request"]}`.
 */
export class SentencesError extends ApiError {
  constructor(override readonly sentences: readonly string[]) {
    super(422, 'Unprocessable Entity');
  }
}

export const unprocessable = (...sentences: string[]) => new SentencesError(sentences);
export const notFound = () => new ApiError(404, 'Not Found');
export const requiresAuthentication = () => new ApiError(401, 'requires authentication');
export const forbidden = (message = 'Forbidden', headers?: Record<string, string>) =>
  new ApiError(403, message, undefined, headers);
export const problemsParsingJson = () => new ApiError(400, 'Problems parsing JSON');
export const validationFailed = (errors: ValidationErrorItem[]) => new ApiError(422, 'Validation Failed', errors);
export const conflict = (message: string) => new ApiError(409, message);
