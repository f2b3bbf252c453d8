import type { Handler } from '../../http/operation-context.js';
import { emojiUrls } from '../emoji-urls.js';

export const emojisGet: Handler<'emojis/get'> = async (ctx) => {
  await ctx.input();
  return { status: 200, body: emojiUrls() };
};
