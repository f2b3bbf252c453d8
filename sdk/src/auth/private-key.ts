// Reading an app's private key. GitHub (and `wharf admin create-app`) hand out
// PKCS#1 PEM (`BEGIN RSA PRIVATE KEY`), but WebCrypto, and so jose, import
// only PKCS#8. A PKCS#1 key is wrapped into a PKCS#8 PrivateKeyInfo here,
// in plain bytes, rather than through node:crypto, to stay runtime-neutral.
import { importPKCS8 } from 'jose';
import { base64ToBytes, bytesToBase64 } from './encoding.js';

// AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }, DER.
const RSA_ENCRYPTION = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return [0x80 | bytes.length, ...bytes];
}

function tlv(tag: number, content: Uint8Array): Uint8Array {
  return Uint8Array.from([tag, ...derLength(content.length), ...content]);
}

function pemBody(pem: string, label: string): Uint8Array {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new TypeError(`privateKey: no ${label} block found`);
  // Headers such as `Proc-Type: 4,ENCRYPTED` mean a passphrase-protected key, which cannot be used as is.
  if (match[1].includes(':')) throw new TypeError('privateKey: encrypted PEM keys are not supported; decrypt it first');
  return base64ToBytes(match[1].replace(/\s+/g, ''));
}

/** A PKCS#1 RSA private key PEM as the equivalent PKCS#8 PEM. */
export function pkcs1ToPkcs8Pem(pem: string): string {
  const pkcs1 = pemBody(pem, 'RSA PRIVATE KEY');
  const version = [0x02, 0x01, 0x00];
  const info = tlv(0x30, Uint8Array.from([...version, ...RSA_ENCRYPTION, ...tlv(0x04, pkcs1)]));
  const lines = bytesToBase64(info).match(/.{1,64}/g) ?? [];
  return `-----BEGIN PRIVATE KEY-----\n${lines.join('\n')}\n-----END PRIVATE KEY-----\n`;
}

/** The RS256 signing key for a PKCS#1 or PKCS#8 PEM. */
export function importAppPrivateKey(pem: string): Promise<CryptoKey> {
  // Keys kept in environment variables often have their newlines escaped as `\n`.
  const text = pem.replace(/\\n/g, '\n');
  const pkcs8 = text.includes('-----BEGIN RSA PRIVATE KEY-----') ? pkcs1ToPkcs8Pem(text) : text.trim();
  return importPKCS8(pkcs8, 'RS256');
}
