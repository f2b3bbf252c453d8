// Which license a LICENSE file's text is, by licensee's method (the matcher
// GitHub itself uses): both texts are normalised (case, punctuation, the
// copyright line, the template's [placeholders]) into sets of words, and the
// Sørensen–Dice coefficient of the two sets, less a penalty for a difference
// in length, must reach 98%. A text modified beyond that is `other`.
import { allLicenses, type CatalogLicense } from './license-catalog.js';

const THRESHOLD = 0.98;

function words(text: string): Set<string> {
  const normalised = text
    .toLowerCase()
    .replace(/\[[a-z ]+\]/g, ' ')
    .split('\n')
    .filter((line) => !/^\W*(copyright|\(c\)|©)/.test(line.trim()))
    .join(' ')
    .replace(/all rights reserved/g, ' ');
  return new Set(normalised.match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? []);
}

let templates: { license: CatalogLicense; words: Set<string> }[] | undefined;

function similarity(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  const dice = (2 * common) / (a.size + b.size);
  const lengthPenalty = Math.abs(a.size - b.size) / Math.max(a.size, b.size, 1) / 10;
  return dice - lengthPenalty;
}

/** The catalog license `text` is, or null when none is close enough. */
export function matchLicense(text: string): CatalogLicense | null {
  templates ??= allLicenses().map((license) => ({ license, words: words(license.body) }));
  const found = words(text);
  if (found.size === 0) return null;
  let best: { license: CatalogLicense; score: number } | null = null;
  for (const template of templates) {
    const score = similarity(found, template.words);
    if (score >= THRESHOLD && (!best || score > best.score)) best = { license: template.license, score };
  }
  return best?.license ?? null;
}
