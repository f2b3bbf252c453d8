// Per-request loaders for labels and milestones (see loaders.ts): a label or
// milestone by id (node lookups), by repository and name or number
// (`Repository.label`, `.milestone`), and one page of a repository's labels or
// milestones; each batch is one statement (pages: two, rows and totals) for
// every repository asked in the same tick, so a query over 100 repositories'
// labels costs what one repository's does.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import {
  labelPages,
  labelsByIds,
  labelsByNames,
  type LabelPageRequest,
  type LabelRow,
} from '../../labels/labels-store.js';
import {
  milestonePages,
  milestonesByIds,
  milestonesByNumbers,
  type MilestonePageRequest,
  type MilestoneRow,
} from '../../milestones/milestones-store.js';

type Page<T> = { rows: T[]; total: number };

export interface LabelMilestoneLoaders {
  labelById: DataLoader<number, LabelRow | null>;
  labelByName: DataLoader<{ repositoryId: number; name: string }, LabelRow | null, string>;
  labelPage: DataLoader<{ repositoryId: number; page: LabelPageRequest }, Page<LabelRow>, string>;
  milestoneById: DataLoader<number, MilestoneRow | null>;
  milestoneByNumber: DataLoader<{ repositoryId: number; number: number }, MilestoneRow | null, string>;
  milestonePage: DataLoader<{ repositoryId: number; page: MilestonePageRequest }, Page<MilestoneRow>, string>;
}

/** Pages asked with the same arguments are read together; different arguments, one batch each. */
export function pageLoader<R, P>(read: (ids: number[], page: P) => Promise<Map<number, Page<R>>>) {
  return new DataLoader<{ repositoryId: number; page: P }, Page<R>, string>(
    async (keys) => {
      const groups = new Map<string, { page: P; ids: number[] }>();
      for (const key of keys) {
        const group = groups.get(JSON.stringify(key.page)) ?? { page: key.page, ids: [] };
        group.ids.push(key.repositoryId);
        groups.set(JSON.stringify(key.page), group);
      }
      const answers = new Map<string, Map<number, Page<R>>>();
      await Promise.all(
        [...groups].map(async ([signature, group]) => answers.set(signature, await read(group.ids, group.page))),
      );
      return keys.map((key) => answers.get(JSON.stringify(key.page))!.get(key.repositoryId) ?? { rows: [], total: 0 });
    },
    { cacheKeyFn: (key) => `${key.repositoryId}:${JSON.stringify(key.page)}` },
  );
}

export function createLabelMilestoneLoaders(sql: Sql): LabelMilestoneLoaders {
  return {
    labelById: new DataLoader(async (ids) => {
      const found = await labelsByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    labelByName: new DataLoader(
      async (keys) => {
        const found = await labelsByNames(sql, keys);
        return keys.map((key) => found.get(`${key.repositoryId}:${key.name.toLowerCase()}`) ?? null);
      },
      { cacheKeyFn: (key) => `${key.repositoryId}:${key.name.toLowerCase()}` },
    ),
    labelPage: pageLoader((ids, page: LabelPageRequest) => labelPages(sql, ids, page)),
    milestoneById: new DataLoader(async (ids) => {
      const found = await milestonesByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    milestoneByNumber: new DataLoader(
      async (keys) => {
        const found = await milestonesByNumbers(sql, keys);
        return keys.map((key) => found.get(`${key.repositoryId}:${key.number}`) ?? null);
      },
      { cacheKeyFn: (key) => `${key.repositoryId}:${key.number}` },
    ),
    milestonePage: pageLoader((ids, page: MilestonePageRequest) => milestonePages(sql, ids, page)),
  };
}
