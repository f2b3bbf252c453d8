// The session cookie: HttpOnly (no script reads it), SameSite=Lax (no
// cross-site form posts carry it), Secure whenever the public URL is https.
import type { H3Event } from 'h3';

export const SESSION_COOKIE = 'wharf_session';

export function readCookie(event: H3Event, name: string): string | undefined {
  for (const part of (event.req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function sessionCookie(value: string, publicUrl: string, maxAgeS: number): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure}`;
}
