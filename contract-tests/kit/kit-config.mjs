// Writes the REST run's schemathesis config for --fixtures and --read-only (run.sh).
//   node kit-config.mjs IN OUT FIXTURES_FILE('' for none) READ_ONLY(0|1)
//
// Fixtures (a JSON or YAML mapping, e.g. `owner: octocat`, `repo: Hello-World`,
// `issue_number: 1`) pin those parameters in every operation that has them,
// through schemathesis's project-level `parameters` (a key without a location
// is a path parameter: `owner` is `path.owner`; `query.state` stays as written),
// so operations reach real objects of the target instead of drawn names that
// only ever answer 404. The per-operation `parameters` of schemathesis.toml name
// seed.ts's objects, which such a target need not have: they are dropped.
//
// Read-only: the coverage phase also sends every method a path does not declare
// (the unsupported_method check). A server may serve more than its spec says
// (Wharf serves PATCH and DELETE /repositories/{id}), so only TRACE is probed.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const [input, output, fixturesFile, readOnly] = process.argv.slice(2);
let lines = readFileSync(input, 'utf8').split('\n');
const tail = [];

if (fixturesFile) {
  let fixtures;
  try {
    fixtures = parse(readFileSync(fixturesFile, 'utf8'));
  } catch (error) {
    process.stderr.write(`[contract] error: --fixtures ${fixturesFile}: ${error.message}\n`);
    process.exit(2);
  }
  if (!fixtures || typeof fixtures !== 'object' || Array.isArray(fixtures)) {
    process.stderr.write(`[contract] error: --fixtures ${fixturesFile}: not a mapping of parameter names to values\n`);
    process.exit(2);
  }
  lines = lines.filter((line) => !/^parameters = /.test(line));
  tail.push('', '# From --fixtures.', '[parameters]');
  for (const [name, value] of Object.entries(fixtures)) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      process.stderr.write(`[contract] error: --fixtures: ${name} must be a string, number or boolean\n`);
      process.exit(2);
    }
    // JSON strings and numbers are TOML's basic strings and numbers.
    tail.push(`${JSON.stringify(name.includes('.') ? name : `path.${name}`)} = ${JSON.stringify(value)}`);
  }
}
if (readOnly === '1') {
  // An operation's own list (the /repositories/{id} one) wins over the global one: replaced, not dropped
  // (an [[operations]] entry with no setting left is a configuration error).
  lines = lines.map((line) =>
    /^phases\.coverage\.unexpected-methods = /.test(line) ? 'phases.coverage.unexpected-methods = ["trace"]' : line,
  );
  tail.push('', '# From --read-only.', '[phases.coverage]', 'unexpected-methods = ["trace"]');
}
writeFileSync(output, `${[...lines, ...tail].join('\n')}\n`);
