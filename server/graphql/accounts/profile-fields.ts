// Pinned items, which users' and organizations' profile pages show: Wharf
// has no pinning, so nothing is pinned nor pinnable, as GitHub answers for a
// profile without pins.
import { absentFields } from '../core/absent-feature.js';

export const pinFields = {
  itemShowcase: () => ({ hasPinnedItems: false }),
  ...absentFields([
    'anyPinnableItems',
    'pinnableItems',
    'pinnedItems',
    'pinnedItemsRemaining',
    'viewerCanChangePinnedItems',
  ]),
};
