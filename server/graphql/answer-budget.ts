// The bound on one answer's size (issue 32): the node limit bounds how many
// items a query may list, not how large they are, and a blob's text may be a
// megabyte. The resolvers of large data (tree entries, blob texts) reserve
// their bytes here BEFORE reading them from git, so the answer is bounded as
// it is built, never measured after 100 MB of it exist. Past the limit the
// reservation throws, every later one fails at once (no more git reads), and
// the plugin below answers the query with that one error and no data: a
// partial answer with holes would mislead, and the data built so far is
// dropped rather than sent.
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { githubError } from './errors.js';

export const ANSWER_LIMITS = {
  /** Bytes of tree entries and blob texts in one answer. */
  bytes: 25 * 1024 * 1024,
} as const;

/** What one tree entry adds to an answer besides its name and path: its oid, mode, type and JSON punctuation. */
export const ENTRY_OVERHEAD_BYTES = 100;

export class AnswerBudget {
  private spent = 0;
  /** The refusal, once the answer went past the limit. */
  exceeded: GraphQLError | undefined;

  constructor(private readonly limit: number = ANSWER_LIMITS.bytes) {}

  /** Reserves `bytes` of the answer; throws the refusal when they do not fit (and for every call after). */
  reserve(bytes: number): void {
    if (this.exceeded) throw this.exceeded;
    this.spent += bytes;
    if (this.spent <= this.limit) return;
    const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
    this.exceeded = githubError('MAX_ANSWER_SIZE_EXCEEDED',
      `This query's answer would be larger than the limit of ${mb(this.limit)} of tree entries and blob texts; ask for fewer at a time.`);
    throw this.exceeded;
  }
}

/** Replaces the result of an execution whose answer went past its budget by the refusal alone. */
export function answerBudgetPlugin(): Plugin {
  return {
    onExecute({ args }) {
      const budget = (args.contextValue as { answer?: AnswerBudget }).answer;
      if (!budget) return;
      return {
        onExecuteDone({ setResult }) {
          if (budget.exceeded) setResult({ errors: [budget.exceeded] });
        },
      };
    },
  };
}
