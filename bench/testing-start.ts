// `npm run bench:testing`: how long @wharf/testing's startWharf() takes, the
// first call (an embedded cluster started and the template migrated) and the
// next STARTS (default 20) one after another (a database cloned from the
// template, a server listening), and how long close() takes. The target is
// well under a second per start after the first (issue 35).
import { startWharf } from '../testing/src/index.js';

const starts = Number(process.env.STARTS ?? 20);
const elapsed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const began = performance.now();
  const result = await work();
  return [result, performance.now() - began];
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

const [first, firstMs] = await elapsed(() => startWharf());
const [, firstCloseMs] = await elapsed(() => first.close());
const startMs: number[] = [];
const closeMs: number[] = [];
for (let i = 0; i < starts; i++) {
  const [gh, took] = await elapsed(() => startWharf());
  startMs.push(took);
  // A request served, so a start that only looked ready would show here.
  const user = await gh.createUser(`bench-${i}`);
  if ((await fetch(`${gh.url}/user`, { headers: { authorization: `Bearer ${user.token}` } })).status !== 200)
    throw new Error('the started server did not answer GET /user');
  closeMs.push((await elapsed(() => gh.close()))[1]);
}

console.log(
  `first startWharf():   ${ms(firstMs)} (cluster started, template migrated); its close(): ${ms(firstCloseMs)}`,
);
console.log(`next ${starts} starts:      median ${ms(percentile(startMs, 50))}, p95 ${ms(percentile(startMs, 95))}`);
console.log(`close():              median ${ms(percentile(closeMs, 50))}, p95 ${ms(percentile(closeMs, 95))}`);
