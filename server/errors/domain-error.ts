// The one error type below the edges. Services, stores and the access policy
// raise it with a kind saying what went wrong in the domain's terms; each edge
// maps the kind once: REST to GitHub's status and error body
// (http/domain-error-reply.ts), GraphQL to GitHub's error types
// (graphql/core/domain-error-type.ts). Nothing here knows about HTTP.

export type DomainErrorKind =
  /** No such thing, or one the caller may not know exists. */
  | 'not_found'
  /** The caller is known and may see the thing, but may not do this. */
  | 'forbidden'
  /** The caller must sign in (or signed in with a credential that does not hold). */
  | 'unauthenticated'
  /** The input cannot be read at all (JSON that does not parse, a control character in a string). */
  | 'malformed'
  /** The input is refused: field errors, sentences, or only a message. */
  | 'invalid'
  /** The thing changed meanwhile, or the change clashes with its state. */
  | 'conflict'
  /** The operation cannot be done on the thing as it is (a pull request that cannot merge). */
  | 'not_allowed'
  /** The thing was turned off (issues disabled on a repository). */
  | 'gone'
  /** The answer would be larger than the server makes. */
  | 'too_large';

export type ValidationCode = 'missing' | 'missing_field' | 'already_exists' | 'invalid' | 'custom';

export interface ValidationErrorItem {
  resource: string;
  field: string;
  code: ValidationCode;
  message?: string;
  /** The value refused, where GitHub names it (e.g. a milestone number no milestone has). */
  value?: string | number;
}

export interface DomainErrorDetails {
  errors?: ValidationErrorItem[];
  sentences?: readonly string[];
  acceptedScopes?: string;
  acceptedPermissions?: string;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Field errors of an `invalid` input. */
  readonly errors: ValidationErrorItem[] | undefined;
  /** An `invalid` input's reasons as sentences, where GitHub gives sentences rather than field errors. */
  readonly sentences: readonly string[] | undefined;
  /** A `forbidden` that a classic token's scopes caused: the scopes that would have served. */
  readonly acceptedScopes: string | undefined;
  /** A `forbidden` that an installation's app permissions caused: the permissions that would have served. */
  readonly acceptedPermissions: string | undefined;

  constructor(kind: DomainErrorKind, message: string, details: DomainErrorDetails = {}) {
    // Expected outcomes need no stack trace, and capturing one is a large part of the cost of a 404.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.kind = kind;
    this.errors = details.errors;
    this.sentences = details.sentences;
    this.acceptedScopes = details.acceptedScopes;
    this.acceptedPermissions = details.acceptedPermissions;
  }
}

export const notFound = (message = 'Not Found') => new DomainError('not_found', message);
export const forbidden = (message = 'Forbidden', details?: DomainErrorDetails) =>
  new DomainError('forbidden', message, details);
export const requiresAuthentication = () => new DomainError('unauthenticated', 'requires authentication');
export const validationFailed = (errors: ValidationErrorItem[]) =>
  new DomainError('invalid', 'Validation Failed', { errors });
/** GitHub's 422 whose `errors` are sentences, as reviews answer: `["Can not approve your own pull request"]`. */
export const unprocessable = (...sentences: string[]) =>
  new DomainError('invalid', 'Unprocessable Entity', { sentences });
/** A refusal of the input that GitHub words as a message alone. */
export const refused = (message: string) => new DomainError('invalid', message);
export const problemsParsingJson = () => new DomainError('malformed', 'Problems parsing JSON');
export const conflict = (message: string) => new DomainError('conflict', message);
export const notAllowed = (message: string) => new DomainError('not_allowed', message);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const gone = (message: string) => new DomainError('gone', message);

/** The kind of a domain error, or undefined for anything else (a bug, an outage). */
export const domainErrorKind = (error: unknown): DomainErrorKind | undefined =>
  error instanceof DomainError ? error.kind : undefined;
