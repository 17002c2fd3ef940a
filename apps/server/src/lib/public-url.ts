import dns from 'node:dns/promises';
import net from 'node:net';

function isPrivateV4(address: string) {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function isPrivateV6(address: string) {
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '::') return true;
  if (lower.startsWith('::ffff:')) return isPrivateV4(lower.slice(7));
  return lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

export function isPrivateAddress(address: string) {
  return net.isIPv4(address) ? isPrivateV4(address) : isPrivateV6(address);
}

/**
 * Whether a URL points at the public internet. Calendar URLs are fetched by the server, so an address on
 * the server's own network (loopback, private ranges, link-local metadata services) is refused when the
 * deployment does not allow private calendar hosts.
 */
export async function resolvesToPublicAddress(url: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (net.isIP(host)) return !isPrivateAddress(host);
  try {
    const addresses = await dns.lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
  } catch {
    return false;
  }
}
