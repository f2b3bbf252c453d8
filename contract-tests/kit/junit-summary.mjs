// Merges the contract run's JUnit reports into one and prints what they hold (run.sh, at the end).
//   node junit-summary.mjs OUT.xml NAME=FILE...
// Each run (NAME) gets a line `N passed, M failed, K skipped`, then the total,
// then each failed test case by name, so the end of the log says what failed
// without opening five files. OUT.xml holds every run's <testsuite>, named
// after its run. A missing FILE (a run that did not happen) is left out.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const [out, ...runs] = process.argv.slice(2);
const encodeXml = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const decodeXml = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const total = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const suites = [];
const lines = [];

for (const run of runs) {
  const [name, file] = run.split(/=(.*)/s);
  if (!existsSync(file)) continue;
  const xml = readFileSync(file, 'utf8');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  // <testcase …/> or <testcase …>…</testcase>: failed when it holds a <failure> or <error>.
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = match[2] ?? '';
    if (/<(failure|error)\b/.test(body)) {
      counts.failed += 1;
      const caseName = /\bname="([^"]*)"/.exec(match[1])?.[1] ?? '?';
      failures.push(`${name}: ${decodeXml(caseName)}`);
    } else if (/<skipped\b/.test(body)) counts.skipped += 1;
    else counts.passed += 1;
  }
  for (const key of Object.keys(total)) total[key] += counts[key];
  lines.push(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const suite of xml.matchAll(/<testsuite\b([^>]*)>([\s\S]*?)<\/testsuite>/g)) {
    const attributes = suite[1].replace(/\bname="[^"]*"/, '').trim();
    suites.push(`  <testsuite name="${encodeXml(name)}" ${attributes}>${suite[2]}</testsuite>`);
  }
}

const tests = total.passed + total.failed + total.skipped;
writeFileSync(
  out,
  `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract" tests="${tests}" failures="${total.failed}" errors="0" skipped="${total.skipped}">\n${suites.join('\n')}\n</testsuites>\n`,
);
const print = (line) => process.stderr.write(`[contract] ${line}\n`);
print('summary:');
for (const line of lines) print(`  ${line}`);
print(
  `  total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${out === '/dev/null' ? '' : ` (${out})`}`,
);
for (const failure of failures) print(`  FAILED ${failure}`);
