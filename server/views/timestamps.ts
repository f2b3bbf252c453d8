/** GitHub's timestamp form: ISO 8601 UTC without milliseconds. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function isoSecondsOrNull(date: Date | null): string | null {
  return date ? isoSeconds(date) : null;
}
