import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('horse');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored);
  });

  it('rejects anything that is not a stored scrypt hash', async () => {
    for (const stored of [null, '', 'plain', 'scrypt$1$2', 'bcrypt$a$b$c$d$e']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
