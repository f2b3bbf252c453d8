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

/**
 * An entry of `errors`: a field's failure, or (GitHub's validation-error-simple,
 * as pull request reviews answer: "Can not approve your own pull request") a
 * sentence on its own.
 */
export type ErrorEntry = ValidationErrorItem | string;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorEntry[] | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, errors?: ErrorEntry[], headers: Record<string, string> = {}) {
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

export const notFound = () => new ApiError(404, 'Not Found');
export const requiresAuthentication = () => new ApiError(401, 'requires authentication');
export const forbidden = (message = 'Forbidden', headers?: Record<string, string>) => new ApiError(403, message, undefined, headers);
export const problemsParsingJson = () => new ApiError(400, 'Problems parsing JSON');
export const validationFailed = (errors: ValidationErrorItem[]) => new ApiError(422, 'Validation Failed', errors);
/** GitHub's 422 whose errors are sentences: `{"message":"Unprocessable Entity","errors":["…"]}`. */
export const unprocessable = (...sentences: string[]) => new ApiError(422, 'Unprocessable Entity', sentences);
export const conflict = (message: string) => new ApiError(409, message);
