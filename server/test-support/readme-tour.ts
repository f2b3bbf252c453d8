// The README's five-minute tour as code blocks, in the order a reader meets
// them: the command that starts the server, shell blocks to run in one
// session, and Node scripts to save under the name their first line gives.
import { readFileSync } from 'node:fs';

export type TourBlock = { kind: 'shell'; text: string } | { kind: 'file'; name: string; text: string };

export interface Tour {
  /** The settings the tour puts before `npm start` (`NAME=value npm start`). */
  serverEnv: Record<string, string>;
  blocks: TourBlock[];
}

const TOUR_HEADING = '## A five-minute tour';
const START_LINE = /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)npm start$/;

export function readTour(readmePath: string): Tour {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(`\n${TOUR_HEADING}\n`);
  if (start < 0) throw new Error(`${readmePath} has no "${TOUR_HEADING}" section`);
  const end = readme.indexOf('\n## ', start + TOUR_HEADING.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  let serverEnv: Record<string, string> | undefined;
  const blocks: TourBlock[] = [];
  for (const [, lang, text] of section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) {
    if (lang === 'js') {
      // A script names its file on its first line (`// tour.mjs`); later blocks run it by that name.
      const name = /^\/\/ ([\w.-]+\.mjs)\n/.exec(text!)?.[1];
      if (!name) throw new Error(`a js block of the tour does not start with its file name:\n${text}`);
      blocks.push({ kind: 'file', name, text: text! });
      continue;
    }
    if (lang !== 'sh') throw new Error(`the tour has a \`${lang}\` block; only sh and js are run`);
    const startLine = START_LINE.exec(text!.trim());
    if (startLine) {
      if (serverEnv) throw new Error('the tour starts the server twice');
      serverEnv = Object.fromEntries(
        startLine[1]!
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      continue;
    }
    blocks.push({ kind: 'shell', text: text! });
  }
  if (!serverEnv) throw new Error('the tour never says `npm start`');
  return { serverEnv, blocks };
}

/** Points the tour's fixed addresses (the server on 3000, the receiver on 4000) at the ports a test picked. */
export function atPorts(text: string, server: number, receiver: number): string {
  return text
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${server}`)
    .replaceAll('127.0.0.1:4000', `127.0.0.1:${receiver}`)
    .replaceAll('listen(4000,', `listen(${receiver},`);
}
