// autocannon ships no type declarations and there is no @types package in the
// project, so this declares just the part of its programmatic API the
// benchmark uses (see node_modules/autocannon/lib/aggregateResult.js).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      method?: string;
      body?: string;
      headers?: Record<string, string>;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
    }

    /** hdr-histogram-percentiles-obj summary; latency values are milliseconds. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      url: string;
      connections: number;
      pipelining: number;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram & { totalCount: number };
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    /** An EventEmitter that is also thenable. */
    interface Instance extends PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
