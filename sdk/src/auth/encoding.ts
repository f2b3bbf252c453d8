// Base64 and randomness through the web platform (atob/btoa, WebCrypto), so
// the helpers run unchanged in Node 20+, Deno, browsers and workers.

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: spreading a large array into fromCharCode overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** `byteCount` random bytes as unpadded base64url (32 bytes → 43 characters). */
export function randomBase64Url(byteCount: number): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}
