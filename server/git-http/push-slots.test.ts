import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PushSlots } from './push-slots.js';
import { preparePushSpool } from './push-spool.js';

describe('push slots', () => {
  it('apply at most `size` pushes at once, the others in arrival order', async () => {
    const slots = new PushSlots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const waiting = ['c', 'd'].map((name) =>
      slots.acquire().then((release) => {
        order.push(name);
        return release;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    a();
    a(); // a second release of the same slot frees nothing more
    const c = await waiting[0]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['c']);
    b();
    const d = await waiting[1]!;
    expect(order).toEqual(['c', 'd']);
    c();
    d();
    // All free again: two acquire at once without waiting.
    await Promise.all([slots.acquire(), slots.acquire()]);
  });
});

describe('push spool', () => {
  it('at start removes bodies a dead process left a day ago, never recent ones another process may be receiving', async () => {
    const dataDir = join(tmpdir(), `wharf-spool-${process.pid}-${Date.now()}`);
    await mkdir(join(dataDir, 'git-push-spool'), { recursive: true });
    const old = join(dataDir, 'git-push-spool', 'push-old');
    await writeFile(old, 'x');
    const dayAgo = (Date.now() - 25 * 3600_000) / 1000;
    await utimes(old, dayAgo, dayAgo);
    await writeFile(join(dataDir, 'git-push-spool', 'push-live'), 'y');
    const dir = await preparePushSpool(dataDir);
    expect(await readdir(dir)).toEqual(['push-live']);
  });
});
