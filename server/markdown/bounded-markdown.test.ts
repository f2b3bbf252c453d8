// Bounded work: 1 MB of the inputs that make naive Markdown parsers and
// sanitisers quadratic or recursive (nested lists, quotes, emphasis,
// brackets, HTML elements) each renders in a time of the order of a plain
// 1 MB document's, measured in the same run, so a slow machine slows both.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderOffline } from '../test-support/markdown-offline.js';

const MB = 1024 * 1024;
const fill = (unit: string, tail = '') => unit.repeat(Math.floor((MB - tail.length) / unit.length)) + tail;

const PLAIN = fill('A paragraph of plain words, with a [link](https://example.com) and *emphasis*.\n\n');

const HOSTILE: Record<string, string> = {
  'nested lists': fill('- ', 'x'),
  'nested ordered lists': fill('1. ', 'x'),
  'nested quotes': fill('> ', 'x'),
  'open emphasis': fill('*a '),
  'open strong emphasis': fill('**a '),
  'mixed emphasis': fill('*_a '),
  'open brackets': fill('['),
  'open image brackets': fill('!['),
  'link openers': fill('[a]('),
  backticks: fill('`a``'),
  'nested HTML elements': fill('<div>'),
  'nested inline HTML': fill('<span><b>'),
  'table cells': `| a |\n|---|\n${fill('| x ')}`,
  references: fill('#1 @a '),
  'repository commit references': fill('a/b@abcdef1 '),
  'a repository name without its @': `a/${fill('b')}`,
  'www autolinks': fill('www.a.io '),
  'bare domains': fill('a.'),
};

async function timed(text: string): Promise<number> {
  const start = performance.now();
  await renderOffline(text, 'gfm');
  return performance.now() - start;
}

describe('1 MB of hostile Markdown', () => {
  let plain: number;
  beforeAll(async () => {
    await timed(PLAIN); // warm up (JIT) before measuring
    plain = await timed(PLAIN);
  }, 60_000);

  it.each(Object.keys(HOSTILE))(
    '%s renders within 10 times a plain 1 MB document',
    async (name) => {
      const hostile = await timed(HOSTILE[name]!);
      // A floor of 50 ms keeps a very fast plain run from making the bound a coin toss.
      expect(hostile).toBeLessThan(10 * Math.max(plain, 50));
    },
    60_000,
  );
});
