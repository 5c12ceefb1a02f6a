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
