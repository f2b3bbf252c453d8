import { selfTimes, selfTimeTable } from './cpu-profile.js';
const { ranked, busyMs } = await selfTimes(process.argv[2]!);
console.log(busyMs);
console.log(selfTimeTable(ranked, Number(process.argv[3] ?? 40)));
