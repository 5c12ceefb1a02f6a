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
