// The DNS lookup a delivery connects with. Node calls it at connect time and
// connects only to what it returns, so the allow-list is applied to the
// address actually used: a host name that resolves to a public address when the
// hook is saved and to 127.0.0.1 at delivery time (DNS rebinding) is refused.
// IP-literal hosts never reach a lookup function; sendWebhook checks those.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describeRefusal, isAllowed, type AllowList } from './allowed-hosts.js';
import { RefusedError } from './outbound-failure.js';

/** `hostname` is the delivery URL's host, which host-name entries match. */
export function guardedLookup(list: AllowList, hostname: string): LookupFunction {
  return (name, options, callback) => {
    dnsLookup(name, { family: options.family ?? 0, hints: options.hints ?? 0, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '');
        return;
      }
      const allowed = addresses.filter((entry) => isAllowed(list, hostname, entry.address));
      const first = allowed[0];
      if (!first) {
        const refused = addresses[0];
        callback(
          new RefusedError(refused ? describeRefusal(hostname, refused.address) : `${hostname} has no address`),
          '',
        );
        return;
      }
      // With autoSelectFamily (Node's default) net asks for every address and
      // tries them in turn; otherwise it wants one.
      if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
}
