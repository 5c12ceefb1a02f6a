import { describe, expect, it } from 'vitest';
import {
  addressAllowed,
  parseSiakadUrl,
  siakadAddressMessages,
  type SiakadPlatform,
} from './siakad-address.ts';

const platform: SiakadPlatform = {
  publicUrl: 'http://localhost:3000',
  siakadUrl: 'http://localhost:3000/dev',
  siakadAllowedHosts: ['siakad.kampus.ac.id', '*.kampus.ac.id', '10.20.0.5'],
  siakadPrivateNetworks: [],
};

describe('the SIAKAD address rules', () => {
  it('refuses every non-public address unless its network is opted in', () => {
    const refused = [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0.0.0.0',
      '10.20.0.5',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      'fd00:ec2::254',
      'fe80::1',
      '224.0.0.1',
      '255.255.255.255',
      'not-an-ip',
    ];
    for (const address of refused) expect(addressAllowed(platform, address), address).toBe(false);
    for (const address of ['93.184.216.34', '2606:4700::1111']) {
      expect(addressAllowed(platform, address), address).toBe(true);
    }
    const campus = { ...platform, siakadPrivateNetworks: ['10.20.0.0/16', 'fd12::/16'] };
    expect(addressAllowed(campus, '10.20.3.4')).toBe(true);
    expect(addressAllowed(campus, 'fd12::1')).toBe(true);
    expect(addressAllowed(campus, '10.21.0.1')).toBe(false);
    expect(addressAllowed(campus, '169.254.169.254')).toBe(false);
  });

  it('allows listed hosts, their subdomains with *., and this server’s own origin', () => {
    expect(parseSiakadUrl(platform, 'https://siakad.kampus.ac.id/api').host).toBe('siakad.kampus.ac.id');
    expect(parseSiakadUrl(platform, 'https://nilai.kampus.ac.id').host).toBe('nilai.kampus.ac.id');
    expect(parseSiakadUrl(platform, 'http://localhost:3000/dev/siakad/demo').pathname).toBe(
      '/dev/siakad/demo',
    );
    const refuse = (url: string) => () => parseSiakadUrl(platform, url);
    expect(refuse('https://kampus.ac.id.penyerang.test/')).toThrow(siakadAddressMessages.hostNotAllowed);
    expect(refuse('https://xkampus.ac.id/')).toThrow(siakadAddressMessages.hostNotAllowed);
    expect(refuse('http://localhost:3001/')).toThrow(siakadAddressMessages.hostNotAllowed);
    expect(
      parseSiakadUrl({ ...platform, siakadUrl: 'https://sso.kampus.test/masuk' }, 'https://sso.kampus.test/x')
        .host,
    ).toBe('sso.kampus.test');
    // Listed as a host but a private address: needs SIAKAD_PRIVATE_NETWORKS.
    expect(refuse('http://10.20.0.5/')).toThrow(siakadAddressMessages.addressNotAllowed);
    expect(refuse('https://siakad.kampus.ac.id/api?')).toThrow(siakadAddressMessages.extraParts);
    expect(refuse('https://siakad.kampus.ac.id/api#x')).toThrow(siakadAddressMessages.extraParts);
    expect(refuse('ftp://siakad.kampus.ac.id/')).toThrow(siakadAddressMessages.notUrl);
  });
});
