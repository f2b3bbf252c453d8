// Bot: an app's account (`<slug>[bot]`), the author of what an installation
// writes (comments, reviews, check runs' pull requests…). Its URL and path are
// its app's page, as REST's html_url.
import type { BotResolvers } from '../generated/resolvers-types.js';
import { accountFields } from './account-fields.js';

export const Bot: BotResolvers = accountFields;
