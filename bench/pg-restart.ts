// `npm run bench:pg-restart`: PostgreSQL restarted in immediate mode
// PG_RESTARTS times (default 10) under load with `wharf serve` and `wharf
// worker` running (issue 11), then the figures: restarts survived, process
// exits, deliveries lost and duplicated, time to ready after each restart.
// Exits 1 when anything the issue asks for did not hold.
import { runRestartScenario } from '../server/test-support/pg-restart-scenario.js';

const restarts = Number(process.env.PG_RESTARTS ?? 10);
const started = Date.now();
const report = await runRestartScenario({ restarts, log: (line) => console.error(line) });
const sorted = [...report.readyMs].sort((a, b) => a - b);
const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
const badOutage = report.outageAnswers.filter((a) => !a.ok);

console.log(`restarts survived:        ${report.survived} of ${restarts}`);
console.log(`process exits:            ${report.exits.length}`);
console.log(`refs created (git):       ${report.refsCreated}`);
console.log(`deliveries lost:          ${report.lost.length}`);
console.log(`deliveries duplicated:    ${report.duplicates}`);
console.log(`time to ready (ms):       max ${sorted.at(-1) ?? 0}, median ${median}, each ${report.readyMs.join(', ')}`);
console.log(`outage answers wrong:     ${badOutage.length} of ${report.outageAnswers.length}`);
console.log(`unexpected load answers:  ${report.unexpected.length}`);
console.log(`revoked token refused:    ${report.revokedTokenRefused}`);
console.log(`re-registered listener:   ${report.reregistered.filter(Boolean).length} of ${report.reregistered.length}`);
console.log(`error-level log lines:    ${report.errorLines.length}`);
console.log(`wall time:                ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (process.env.PG_RESTART_LOG_COUNTS) console.log(report.logCounts);
for (const exit of report.exits)
  console.log(`\n${exit.name} exited (${exit.code ?? exit.signal}):\n${exit.tail.join('\n')}`);
for (const answer of badOutage) console.log(`wrong during outage: ${answer.what} → ${answer.status} ${answer.detail}`);
for (const line of [...report.unexpected, ...report.errorLines].slice(0, 20)) console.log(line);

const ok =
  report.survived === restarts &&
  report.exits.length === 0 &&
  report.lost.length === 0 &&
  badOutage.length === 0 &&
  report.unexpected.length === 0 &&
  report.revokedTokenRefused &&
  report.reregistered.every(Boolean) &&
  (sorted.at(-1) ?? 0) <= 5_000;
process.exit(ok ? 0 : 1);
