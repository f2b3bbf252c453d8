// An app's RSA keys. Wharf stores public keys only: the admin CLI either
// registers a public key the app owner made, or generates a pair and prints
// the private key once (as GitHub's "Generate a private key" downloads it).
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

export class AppKeyError extends Error {}

const MIN_RSA_BITS = 2048;

/** The public key of a PEM (SPKI or PKCS#1 public key, or a private key whose public half is taken); RSA only. */
export function publicKeyFromPem(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new AppKeyError('not a PEM-encoded RSA key');
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new AppKeyError(`the key must be RSA (RS256), not ${key.asymmetricKeyType ?? 'unknown'}`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) throw new AppKeyError(`the RSA key must have at least ${MIN_RSA_BITS} bits (has ${bits})`);
  return key;
}

export function spkiPem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** GitHub's key fingerprint form: `SHA256:` and the base64 SHA-256 of the DER public key. */
export function fingerprint(key: KeyObject): string {
  return (
    'SHA256:' +
    createHash('sha256')
      .update(key.export({ type: 'spki', format: 'der' }))
      .digest('base64')
  );
}

/** A fresh 2048-bit pair; the private key in PKCS#1 PEM (`BEGIN RSA PRIVATE KEY`), as GitHub hands them out. */
export function generateAppKeyPair(): { publicKey: KeyObject; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { publicKey, privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString() };
}
