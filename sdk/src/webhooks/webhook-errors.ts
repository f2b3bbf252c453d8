// Why a delivery was refused. A verification failure is the one a receiver
// answers 401 to; a malformed delivery (no event header, a body that is not
// JSON) is 400.

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError';
}
