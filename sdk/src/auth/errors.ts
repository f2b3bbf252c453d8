// One error type for every auth helper, so callers can branch on `status`
// (the HTTP status) and `code` (the OAuth error, e.g. `bad_verification_code`)
// without parsing messages.
export interface WharfAuthErrorDetails {
  /** The HTTP status of the answer; 0 when the helper decided without one (a device code past its expiry). */
  status: number;
  /** GitHub's OAuth error code, when the server sent one. */
  code?: string;
  /** The server's `documentation_url` or `error_uri`. */
  documentationUrl?: string;
}

export class WharfAuthError extends Error {
  override readonly name = 'WharfAuthError';
  readonly status: number;
  readonly code: string | undefined;
  readonly documentationUrl: string | undefined;

  constructor(message: string, details: WharfAuthErrorDetails) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    this.documentationUrl = details.documentationUrl;
  }
}
