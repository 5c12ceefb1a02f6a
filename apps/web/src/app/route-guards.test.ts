import { describe, expect, it } from 'vitest';
import { safeTarget } from '../lib/safe-target.ts';
import { accessRestrictionRedirect, oauthCodeForward, signInRedirect } from './route-guards.ts';

describe('oauth-code middleware', () => {
  it('forwards a page with code to /oauth with code, path, redirect and refferer', () => {
    const target = oauthCodeForward(
      new URL('http://lms.test/kelas?code=abc&tab=info'),
      'http://siakad.test/',
    );
    const url = new URL(target!, 'http://lms.test');
    expect(url.pathname).toBe('/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      code: 'abc',
      path: '/kelas',
      redirect: '/kelas?tab=info',
      refferer: 'http://siakad.test/',
    });
  });

  it('leaves /oauth itself and pages without code alone', () => {
    expect(oauthCodeForward(new URL('http://lms.test/oauth?code=abc&state=x'), '')).toBeNull();
    expect(oauthCodeForward(new URL('http://lms.test/kelas?tab=info'), '')).toBeNull();
  });
});

describe('auth middleware', () => {
  it('remembers the target in the sign-in address', () => {
    expect(signInRedirect(new URL('http://lms.test/kelas/7?tab=2'))).toBe(
      '/login?redirect=%2Fkelas%2F7%3Ftab%3D2',
    );
  });

  it('accepts only in-app targets', () => {
    expect(safeTarget('/kelas?x=1')).toBe('/kelas?x=1');
    expect(safeTarget('//evil.test')).toBe('/beranda');
    expect(safeTarget('https://evil.test')).toBe('/beranda');
    expect(safeTarget('/login')).toBe('/beranda');
    expect(safeTarget(null)).toBe('/beranda');
  });
});

describe('access-restriction middleware', () => {
  const unmet = {
    uts: { memenuhi_syarat: true, kekurangan: [] },
    biaya: { memenuhi_syarat: false, kekurangan: ['Tagihan semester belum lunas'] },
  };

  it('sends a student who misses a requirement to /forbidden', () => {
    expect(accessRestrictionRedirect(unmet, '/beranda')).toBe('/forbidden');
  });

  it('does not redirect when already on a forbidden page', () => {
    expect(accessRestrictionRedirect(unmet, '/forbidden')).toBeNull();
    expect(accessRestrictionRedirect(unmet, '/forbidden/12')).toBeNull();
  });

  it('allows when every entry is met, or there is none', () => {
    expect(
      accessRestrictionRedirect({ uts: { memenuhi_syarat: true, kekurangan: [] } }, '/kelas'),
    ).toBeNull();
    expect(accessRestrictionRedirect({}, '/kelas')).toBeNull();
  });
});
