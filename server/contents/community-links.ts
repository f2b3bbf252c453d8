// The links a repository's YAML files give (GraphQL's fundingLinks and
// contactLinks): `.github/FUNDING.yml`, a platform's account name (or a list
// of them) per key, each made into that platform's URL as GitHub does, and the
// `contact_links` of `.github/ISSUE_TEMPLATE/config.yml`. A file whose YAML
// does not parse gives no links; an entry of the wrong shape is skipped.
import { parse } from 'yaml';
import type { CommunityFile } from './community-files.js';

export interface FundingLinkDoc {
  platform: FundingPlatform;
  url: string;
}

export interface ContactLinkDoc {
  name: string;
  about: string;
  url: string;
}

/** FUNDING.yml's keys, in GitHub's order, with the URL of an account name on each (custom: the URL itself). */
const PLATFORMS = [
  ['github', 'GITHUB', (name: string) => `https://github.com/${name}`],
  ['patreon', 'PATREON', (name: string) => `https://patreon.com/${name}`],
  ['open_collective', 'OPEN_COLLECTIVE', (name: string) => `https://opencollective.com/${name}`],
  ['ko_fi', 'KO_FI', (name: string) => `https://ko-fi.com/${name}`],
  ['tidelift', 'TIDELIFT', (name: string) => `https://tidelift.com/funding/github/${name}`],
  ['community_bridge', 'COMMUNITY_BRIDGE', (name: string) => `https://funding.communitybridge.org/projects/${name}`],
  ['liberapay', 'LIBERAPAY', (name: string) => `https://liberapay.com/${name}`],
  ['issuehunt', 'ISSUEHUNT', (name: string) => `https://issuehunt.io/r/${name}`],
  [
    'lfx_crowdfunding',
    'LFX_CROWDFUNDING',
    (name: string) => `https://crowdfunding.lfx.linuxfoundation.org/projects/${name}`,
  ],
  ['polar', 'POLAR', (name: string) => `https://polar.sh/${name}`],
  ['buy_me_a_coffee', 'BUY_ME_A_COFFEE', (name: string) => `https://buymeacoffee.com/${name}`],
  ['thanks_dev', 'THANKS_DEV', (name: string) => `https://thanks.dev/${name}`],
  ['custom', 'CUSTOM', (url: string) => url],
] as const;

/** GraphQL's FundingPlatform enum, one value per key of the file. */
export type FundingPlatform = (typeof PLATFORMS)[number][1];

const FUNDING_FILE = /^\.github\/funding\.ya?ml$/i;
const TEMPLATE_CONFIG = /^\.github\/issue_template\/config\.ya?ml$/i;

const fileNamed = (files: CommunityFile[], name: RegExp) => files.find((file) => name.test(file.path)) ?? null;
export const fundingFile = (files: CommunityFile[]) => fileNamed(files, FUNDING_FILE);
export const templateConfigFile = (files: CommunityFile[]) => fileNamed(files, TEMPLATE_CONFIG);

function mapping(yaml: string): Record<string, unknown> {
  try {
    const value: unknown = parse(yaml);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string' && item !== '');

const isHttpUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

export function parseFundingLinks(yaml: string): FundingLinkDoc[] {
  const config = mapping(yaml);
  return PLATFORMS.flatMap(([key, platform, urlOf]) =>
    strings(config[key])
      .map((name) => ({ platform, url: urlOf(name.trim()) }))
      .filter((link) => isHttpUrl(link.url)),
  );
}

export function parseContactLinks(yaml: string): ContactLinkDoc[] {
  const links = mapping(yaml).contact_links;
  if (!Array.isArray(links)) return [];
  return links.flatMap((link: unknown) => {
    if (link === null || typeof link !== 'object') return [];
    const { name, about, url } = link as Record<string, unknown>;
    return typeof name === 'string' && typeof about === 'string' && typeof url === 'string' && isHttpUrl(url)
      ? [{ name, about, url }]
      : [];
  });
}
