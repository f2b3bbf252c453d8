// The bound on one answer's size (issue 32): the node limit bounds how many
// items a query may list, not how large they are, and a blob's text may be a
// megabyte. The resolvers of large data (tree entries, blob texts) reserve
// their bytes here BEFORE reading them from git, so the answer is bounded as
// it is built, never measured after 100 MB of it exist (commit and tag
// messages count too, once read: git's objects hold them whole). Past the
// limit the reservation throws, every later one fails at once (no more git
// reads), and the plugin below answers the query with that one error and no
// data: a partial answer with holes would mislead, and the data built so far
// is dropped rather than sent.
//
// Resolvers whose data the batch loaders already hold answer in promise
// jobs only, which never let the event loop serve other requests: a large
// answer would hold it for seconds. So the reservations are let through a
// gate that opens one YIELD_BYTES at a time, a turn of the event loop
// (setImmediate) apart: the resolvers of a large answer, all waiting on the
// same loads, go on a megabyte's worth per turn, with other requests served
// between. An ordinary answer stays within its first turn, and its loaders'
// batches stay whole.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { githubError } from './errors.js';

export const ANSWER_LIMITS = {
  /** Bytes of tree entries, blob texts and commit and tag messages in one answer. */
  bytes: 10 * 1024 * 1024,
} as const;

/** Reserved bytes between two turns of the event loop. */
const YIELD_BYTES = 1024 * 1024;

/** What one tree entry adds to an answer besides its name and path: its oid, mode, type and JSON punctuation. */
export const ENTRY_OVERHEAD_BYTES = 100;

export class AnswerBudget {
  private spent = 0;
  private sinceTurn = 0;
  /** Resolves when the reservations made so far may go on. */
  private gate: Promise<void> = Promise.resolve();
  /** The refusal, once the answer went past the limit. */
  exceeded: GraphQLError | undefined;

  constructor(private readonly limit: number = ANSWER_LIMITS.bytes) {}

  /**
   * Reserves `bytes` of the answer; rejects with the refusal when they do not
   * fit (and for every call after); resolves on the turn of the event loop
   * of its YIELD_BYTES.
   */
  async reserve(bytes: number): Promise<void> {
    if (this.exceeded) throw this.exceeded;
    this.spent += bytes;
    this.sinceTurn += bytes;
    if (this.spent <= this.limit) {
      const gate = this.gate;
      if (this.sinceTurn >= YIELD_BYTES) {
        this.sinceTurn = 0;
        this.gate = gate.then(() => nextTurn());
      }
      return gate;
    }
    const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
    this.exceeded = githubError(
      'MAX_ANSWER_SIZE_EXCEEDED',
      `This query's answer would be larger than the limit of ${mb(this.limit)} of tree entries, blob texts and messages; ask for fewer at a time.`,
    );
    throw this.exceeded;
  }
}

/** `text`, once its bytes are reserved in `budget` (a commit or tag made through the API may carry a message of megabytes). */
export async function reservedText(budget: AnswerBudget, text: string): Promise<string> {
  await budget.reserve(text.length);
  return text;
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
