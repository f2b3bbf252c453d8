// Page handlers that read a form. The body reader's refusals are ApiErrors
// (the HTTP layer's one error type); a page answers them as a page, not as
// GitHub's JSON error body, and they are never logged as server errors.
import type { H3Event } from 'h3';
import { asApiError } from '../http/domain-error-reply.js';
import { escapeHtml, htmlResponse, page } from './html.js';

const TEXT: Record<number, string> = {
  408: 'The form took too long to arrive. Try again.',
  413: 'The form is too large.',
};

export function formHandler(handler: (event: H3Event) => Promise<Response>): (event: H3Event) => Promise<Response> {
  return async (event) => {
    try {
      return await handler(event);
    } catch (error) {
      const refusal = asApiError(error);
      if (!refusal) throw error;
      const text = TEXT[refusal.status] ?? refusal.message;
      return htmlResponse(
        refusal.status,
        page(refusal.message, `<p class="error" role="alert">${escapeHtml(text)}</p>`),
        refusal.headers,
      );
    }
  };
}
