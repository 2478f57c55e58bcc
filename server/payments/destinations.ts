/**
 * Where merchant callbacks may go. A callback URL is chosen by whoever creates
 * the order (an operator, or a merchant's API key), and the server then POSTs
 * to it and records the answer's status: left open, that lets any account
 * with order rights probe and call the server's own network (the database,
 * Redis, a cloud's metadata service). So a callback reaches only public
 * addresses, checked on the address actually connected to (after DNS, so a
 * name that resolves to a private address, or is re-pointed to one between
 * check and use, is refused too), unless the deployment says its merchants
 * live on the private network (`PAYDESK_CALLBACKS_TO_PRIVATE=allow`).
 */
import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

/** Loopback, private, link-local (cloud metadata), shared, multicast and reserved ranges, IPv4 and IPv6. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether a callback may connect to this address. An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateDestinationError extends Error {
  constructor(readonly host: string) {
    super(`callbacks to ${host} are refused: it is not a public address`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** DNS as usual, but a name with any non-public address fails before a connection is made. */
function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.some((a) => !isPublicAddress(a.address))) return callback(new PrivateDestinationError(hostname), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export interface Destinations {
  /** `fetch` that connects only where callbacks may go. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export function callbackDestinations({ allowPrivate }: { allowPrivate: boolean }): Destinations {
  const agent = new Agent(allowPrivate ? {} : { connect: { lookup: publicLookup as never } });
  return {
    fetch(url, init) {
      // An address written in the URL is connected to without a lookup: judged here.
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivate && isIP(host) && !isPublicAddress(host)) return Promise.reject(new PrivateDestinationError(host));
      return fetch(url, { ...init, dispatcher: agent });
    },
    close: () => agent.close(),
  };
}
