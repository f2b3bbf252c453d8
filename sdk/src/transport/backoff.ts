// Exponential backoff with jitter, and a sleep that an AbortSignal ends
// early (rejecting with the signal's reason, as fetch itself does).

/**
 * The delay before retry `attempt` (0-based): the exponential step capped at
 * `maxMs`, half of it fixed and half random ("equal jitter"), so delays grow
 * yet clients that failed together do not retry together.
 */
export function backoffDelayMs(
  attempt: number,
  minMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(maxMs, minMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
