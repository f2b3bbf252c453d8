// A file of `size` random bytes, written a megabyte at a time (never held whole).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';

const MB = 1024 * 1024;

export async function writeRandomFile(path: string, size: number): Promise<void> {
  const out = createWriteStream(path);
  for (let written = 0; written < size; written += MB) {
    if (!out.write(randomBytes(Math.min(MB, size - written))))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
