import { describe, expect, it } from 'vitest';
import { resolveSmtpAddress, smtpAddressMessages } from './email-transport.ts';

// A college's SMTP host is connected to by the address checked here (no DNS answer in between).
describe('resolveSmtpAddress', () => {
  it('refuses loopback, private, link-local and unique-local addresses, literal or by name', async () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '[::1]',
      '10.1.2.3',
      '192.168.1.1',
      '169.254.169.254',
      'fd00:ec2::254',
    ]) {
      await expect(resolveSmtpAddress(host, []), host).rejects.toThrow(smtpAddressMessages.addressNotAllowed);
    }
  });

  it('allows them inside the networks the installation names, and public addresses always', async () => {
    expect(await resolveSmtpAddress('127.0.0.1', ['127.0.0.0/8'])).toBe('127.0.0.1');
    expect(await resolveSmtpAddress('10.1.2.3', ['10.0.0.0/8'])).toBe('10.1.2.3');
    expect(await resolveSmtpAddress('93.184.215.14', [])).toBe('93.184.215.14');
    await expect(resolveSmtpAddress('10.1.2.3', ['127.0.0.0/8'])).rejects.toThrow();
  });

  it('says when the name does not resolve', async () => {
    await expect(resolveSmtpAddress('tidak-ada.invalid', [])).rejects.toThrow(smtpAddressMessages.notFound);
  });
});
