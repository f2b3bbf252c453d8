import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import type { Urls } from '../../http/urls.js';
import { CODES_OF_CONDUCT, codeOfConductByKey, type CodeOfConduct } from '../codes-of-conduct.js';

function codeView(urls: Urls, code: CodeOfConduct) {
  return { key: code.key, name: code.name, url: urls.api(`/codes_of_conduct/${code.key}`), html_url: code.htmlUrl };
}

export const getAllCodesOfConduct: Handler<'codes-of-conduct/get-all-codes-of-conduct'> = async (ctx) => {
  await ctx.input();
  return { status: 200, body: CODES_OF_CONDUCT.map((code) => codeView(ctx.services.urls, code)) };
};

export const getConductCode: Handler<'codes-of-conduct/get-conduct-code'> = async (ctx) => {
  await ctx.input();
  const code = codeOfConductByKey(ctx.params.key);
  if (!code) throw notFound();
  return { status: 200, body: codeView(ctx.services.urls, code) };
};
