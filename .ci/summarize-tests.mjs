// Prints one closing line for the whole CI run, `tests: N passed, N failed`,
// summed over the JUnit reports the test command wrote (vitest and
// schemathesis) plus the smoke test, so a reader of the log (human or CI
// system) sees how many tests ran without knowing each runner's format.
// Usage: node .ci/summarize-tests.mjs <smoke-status> <junit.xml>...
import { readFileSync } from 'node:fs';

const [smokeStatus, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  const xml = readFileSync(file, 'utf8');
  // The root <testsuites> element carries the totals (skipped aside, below).
  const root = /<testsuites\b([^>]*)>/.exec(xml);
  if (!root) throw new Error(`${file}: no <testsuites> element`);
  const attr = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root[1])?.[1] ?? 0);
  // vitest leaves `skipped` off the root and gives it per <testsuite>: summed then.
  const suiteSkipped = [...xml.matchAll(/<testsuite\b[^>]*\bskipped="(\d+)"/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
  const fileSkipped = /\bskipped="/.test(root[1]) ? attr('skipped') : suiteSkipped;
  const bad = attr('failures') + attr('errors');
  passed += attr('tests') - bad - fileSkipped;
  failed += bad;
  skipped += fileSkipped;
}
if (smokeStatus === 'passed') passed += 1;
else failed += 1;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
