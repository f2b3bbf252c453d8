// The values of GitHub's range qualifiers (`created:`, `updated:`, `closed:`,
// `comments:`, `reactions:`, `interactions:`): a value, `>v`, `>=v`, `<v`,
// `<=v`, `a..b`, `a..*`, `*..b`. Each value is an interval of its precision
// (a day for a date, a second for a date-time, 1 for a count), so
// `created:2024-01-01` is that whole day (UTC), `created:>2024-01-01` starts
// the day after and `created:<=2024-01-01` ends with it, as GitHub reads them.
// The result is half-open: from (inclusive) and to (exclusive), either absent.

export interface Range<T> {
  from?: T;
  to?: T;
}

/** [start, end) of one value; undefined when the text is not such a value. */
type Interval<T> = (text: string) => [T, T] | undefined;

function parseRange<T>(value: string, interval: Interval<T>): Range<T> | undefined {
  const operator = /^(>=|<=|>|<)(.+)$/.exec(value);
  if (operator) {
    const bounds = interval(operator[2]!);
    if (!bounds) return undefined;
    switch (operator[1]) {
      case '>':
        return { from: bounds[1] };
      case '>=':
        return { from: bounds[0] };
      case '<':
        return { to: bounds[0] };
      default:
        return { to: bounds[1] };
    }
  }
  const dots = value.indexOf('..');
  if (dots >= 0) {
    const low = value.slice(0, dots);
    const high = value.slice(dots + 2);
    if (low === '*' && high === '*') return {};
    const from = low === '*' ? undefined : interval(low)?.[0];
    const to = high === '*' ? undefined : interval(high)?.[1];
    if ((low !== '*' && from === undefined) || (high !== '*' && to === undefined)) return undefined;
    return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  }
  const bounds = interval(value);
  return bounds && { from: bounds[0], to: bounds[1] };
}

const DAY = 86_400_000;
// YYYY-MM-DD, optionally THH:MM or THH:MM:SS with an optional Z or ±HH:MM (UTC without one).
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const dateInterval: Interval<Date> = (text) => {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const start = check.getTime();
  // 2024-02-30 rolls over into March: a date that does not exist is refused.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  if (m[4] === undefined) return [new Date(start), new Date(start + DAY)];
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  let offset = 0;
  const zone = m[7]?.toUpperCase();
  if (zone && zone !== 'Z') {
    const [, sign, zh, zm] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    if (Number(zh) > 23 || Number(zm) > 59) return undefined;
    offset = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) * 60_000;
  }
  const instant = start + ((hours * 60 + minutes) * 60 + seconds) * 1000 - offset;
  // Without seconds the value is that minute; with them, that second.
  return [new Date(instant), new Date(instant + (m[6] === undefined ? 60_000 : 1000))];
};

const countInterval: Interval<number> = (text) => {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return [n, n + 1];
};

export const parseDateRange = (value: string) => parseRange(value, dateInterval);
export const parseCountRange = (value: string) => parseRange(value, countInterval);
