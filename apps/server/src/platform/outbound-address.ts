import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether the server may connect to this address on a college's say-so (its SIAKAD, its SMTP server):
 * public unicast addresses always; loopback, private, link-local (cloud metadata 169.254.169.254),
 * unique-local (fd00:ec2::254), CGNAT and the rest only inside one of `privateNetworks`, the CIDRs the
 * installation allows in its environment. IPv4-mapped IPv6 is judged as IPv4.
 */
export function isOutboundAddressAllowed(address: string, privateNetworks: readonly string[]): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address.replace(/^\[|\]$/g, '').toLowerCase());
  } catch {
    return false;
  }
  if (ip.range() === 'unicast') return true;
  return privateNetworks.some((cidr) => {
    const [network, bits] = ipaddr.parseCIDR(cidr);
    return network.kind() === ip.kind() && ip.match(network, bits);
  });
}

/**
 * The addresses a college-given host (a name, or an IP literal with or without brackets) may be
 * connected to: every DNS answer, each allowed by `isOutboundAddressAllowed`; or why not — the name
 * has no answer, or one answer is not allowed. Connect to these with `pinnedLookup`, not the name.
 */
export async function resolveOutboundHost(
  host: string,
  privateNetworks: readonly string[],
): Promise<{ addresses: string[] } | { refused: 'not_found' | 'not_allowed' }> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true })).map((answer) => answer.address);
    } catch {
      return { refused: 'not_found' };
    }
  }
  if (addresses.length === 0) return { refused: 'not_found' };
  if (addresses.some((address) => !isOutboundAddressAllowed(address, privateNetworks))) {
    return { refused: 'not_allowed' };
  }
  return { addresses };
}

/**
 * A `lookup` for node:net connections (http.request's option) that answers only addresses already
 * checked with `isOutboundAddressAllowed`: the connection goes where the check looked, and DNS gets no
 * second say between the check and the connection (rebinding). Node calls it only for host names.
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const answers = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const matching = answers.filter((answer) => !options.family || answer.family === options.family);
    if (matching.length === 0) {
      const error = Object.assign(new Error('No checked address of this family'), { code: 'ENOTFOUND' });
      return callback(error, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof answers) => void)(null, matching);
    return callback(null, matching[0]!.address, matching[0]!.family);
  };
}
