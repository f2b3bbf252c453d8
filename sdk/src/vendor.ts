// The vendor word in header names and the media type. GitHub's is `GitHub`; a
// Wharf started with WHARF_VENDOR=Acme reads `X-Acme-Api-Version` and signs its
// deliveries with `X-Acme-Event`, `X-Acme-Delivery`, … instead.

export const DEFAULT_VENDOR = 'GitHub';

/** Header names and media type for one vendor word (lower case, as Fetch `Headers` keep them). */
export interface VendorNames {
  apiVersion: string;
  mediaType: string;
  event: string;
  delivery: string;
  hookId: string;
}

export function vendorNames(vendor: string = DEFAULT_VENDOR): VendorNames {
  // The server accepts one alphanumeric word; refusing anything else here keeps
  // a typo from turning into a header name no server reads.
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(vendor))
    throw new TypeError(`vendor must be one alphanumeric word, e.g. GitHub; got ${JSON.stringify(vendor)}`);
  const word = vendor.toLowerCase();
  return {
    apiVersion: `x-${word}-api-version`,
    mediaType: `application/vnd.${word}+json`,
    event: `x-${word}-event`,
    delivery: `x-${word}-delivery`,
    hookId: `x-${word}-hook-id`,
  };
}
