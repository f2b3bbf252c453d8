// TEMPORARY stub until the GraphQL endpoint lands (being written now).
import type { H3 } from 'h3';
import type { Services } from '../services.js';
export function mountGraphql(_app: H3, _services: Services): void {}
