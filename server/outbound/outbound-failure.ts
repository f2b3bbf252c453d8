// Why a delivery attempt got no HTTP response, from the error Node raised: the
// `failure` kind a delivery records and the `status` text shown for it.
export type OutboundFailure = 'refused' | 'timeout' | 'tls' | 'connection' | 'dns' | 'invalid_url';

/** What the guarded lookup fails with when no resolved address is allowed. */
export class RefusedError extends Error {
  readonly code = 'WHARF_WEBHOOK_REFUSED';
}

const DNS_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'ENODATA',
  'ESERVFAIL',
  'ENOTIMP',
]);

// OpenSSL verification codes (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED,
// UNABLE_TO_VERIFY_LEAF_SIGNATURE, …) and Node's ERR_TLS_* / ERR_SSL_*.
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_|_SIGNATURE|CRL|EPROTO/;

interface NodeError {
  code?: unknown;
  message?: unknown;
  /** OpenSSL errors: the short reason, without the library's error stack. */
  reason?: unknown;
  errors?: unknown;
}

/** The code of an error, or of the first attempt of an AggregateError (one per address tried). */
export function errorCode(error: unknown): string {
  const e = (error ?? {}) as NodeError;
  if (typeof e.code === 'string' && e.code !== '') return e.code;
  if (Array.isArray(e.errors) && e.errors.length > 0) return errorCode(e.errors[0]);
  return '';
}

function errorMessage(error: unknown): string {
  const e = (error ?? {}) as NodeError;
  if (typeof e.reason === 'string' && e.reason !== '') return e.reason;
  if (typeof e.message === 'string' && e.message !== '') {
    // "write EPROTO 80EC…:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/…"
    const openssl = /:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):/.exec(e.message);
    return openssl ? openssl[1]! : e.message;
  }
  if (Array.isArray(e.errors) && e.errors.length > 0) return errorMessage(e.errors[0]);
  return String(error);
}

export function failureKind(error: unknown): OutboundFailure {
  if (error instanceof RefusedError) return 'refused';
  const code = errorCode(error);
  if (DNS_CODES.has(code)) return 'dns';
  if (TLS_CODE.test(code)) return 'tls';
  return 'connection';
}

/** "TLS error (DEPTH_ZERO_SELF_SIGNED_CERT): self-signed certificate". */
export function failureStatus(kind: OutboundFailure, error: unknown): string {
  const message = errorMessage(error);
  if (kind === 'refused') return message;
  const code = errorCode(error);
  const label = kind === 'tls' ? 'TLS error' : kind === 'dns' ? 'DNS lookup failed' : 'connection failed';
  if (code === '' || message.includes(code)) return `${label}: ${message}`;
  return `${label} (${code}): ${message}`;
}
