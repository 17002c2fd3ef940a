import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * Whether an address is on the public internet: ipaddr.js's 'unicast' range, after unwrapping IPv4-mapped
 * IPv6 (`::ffff:127.0.0.1`, also written `::ffff:7f00:1`). Everything else — loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local, site-local fec0::/10, NAT64
 * 64:ff9b::/96, 6to4 and Teredo (which embed an IPv4 address), multicast, reserved — is not.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'unicast';
}

export class PrivateAddressError extends Error {
  readonly code = 'ERR_PRIVATE_ADDRESS';
  constructor(host: string) {
    super(`${host} is not on the public internet, so the server will not connect to it`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup that refuses a name when any of its addresses is not allowed (no partial answers to race). */
function checkingLookup(allowed: (address: string) => boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) {
        return callback(new PrivateAddressError(hostname), []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * An undici dispatcher that checks the address it actually connects to, on every connection: the first
 * request, every redirect hop and every later poll (a name that resolves elsewhere tomorrow — DNS
 * rebinding — is checked again). IP literals are checked here, names in the lookup the socket uses.
 */
function publicOnlyDispatcher(
  options: { connectTimeoutMs?: number; allowed?: (address: string) => boolean } = {},
): Agent {
  const allowed = options.allowed ?? isPublicAddress;
  const connect = buildConnector({
    lookup: checkingLookup(allowed),
    timeout: options.connectTimeoutMs ?? 10_000,
  });
  return new Agent({
    connect: (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      if (net.isIP(host) && !allowed(host)) {
        callback(new PrivateAddressError(host), null);
        return;
      }
      connect(opts, callback);
    },
  });
}

/**
 * The fetch the server uses for URLs a person gave (ICS subscriptions, CalDAV servers): every connection goes
 * through the checking dispatcher unless the deployment allows private calendar hosts.
 */
export function calendarFetch(
  allowPrivateHosts: boolean,
  allowed: (address: string) => boolean = isPublicAddress,
): typeof fetch {
  if (allowPrivateHosts) return fetch;
  const dispatcher = publicOnlyDispatcher({ allowed });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}

/**
 * Whether a URL points at the public internet now (a quick answer when a calendar is added; the fetches
 * themselves are checked again at every connection by `calendarFetch`).
 */
export async function resolvesToPublicAddress(url: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (net.isIP(host)) return isPublicAddress(host);
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}
