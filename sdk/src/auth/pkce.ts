// PKCE (RFC 7636) with S256, the only method Wharf and GitHub accept: a random
// verifier kept by the client, and its SHA-256 sent with the authorization.
import { bytesToBase64Url, randomBase64Url } from './encoding.js';

export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
}

export async function createPkcePair(): Promise<PkcePair> {
  // 32 random bytes → 43 characters, the shortest verifier RFC 7636 allows, with 256 bits of entropy.
  const codeVerifier = randomBase64Url(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return { codeVerifier, codeChallenge: bytesToBase64Url(new Uint8Array(digest)) };
}
