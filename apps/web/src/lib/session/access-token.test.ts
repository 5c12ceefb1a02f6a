import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@lms/contract/auth.schema';

const requestToken = vi.fn<(body: unknown) => Promise<TokenResponse>>();
vi.mock('./token-api.ts', () => ({ requestToken: (body: unknown) => requestToken(body) }));

const { getValidAccessToken, refreshTokens } = await import('./access-token.ts');
const { readTokens, writeTokens } = await import('./token-store.ts');
const { ApiError } = await import('../api-error.ts');

const expiringSoon = () => ({ accessToken: 'old', refreshToken: 'r1', expiresAt: Date.now() + 60_000 });

describe('token refresh', () => {
  beforeEach(() => {
    localStorage.clear();
    requestToken.mockReset();
  });

  it('uses a fresh token as it is', async () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 900_000 }, 'sign-in');
    expect(await getValidAccessToken()).toBe('a');
    expect(requestToken).not.toHaveBeenCalled();
  });

  it('refreshes once for concurrent callers within 300 s of expiry (single flight)', async () => {
    writeTokens(expiringSoon(), 'sign-in');
    requestToken.mockResolvedValue({
      access_token: 'new',
      refresh_token: 'r2',
      token_type: 'Bearer',
      expires_in: 900,
    });
    const tokens = await Promise.all([getValidAccessToken(), getValidAccessToken(), getValidAccessToken()]);
    expect(tokens).toEqual(['new', 'new', 'new']);
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(requestToken).toHaveBeenCalledWith({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      client_id: 'web',
    });
    expect(readTokens()?.refreshToken).toBe('r2');
  });

  it('does not spend a refresh token another tab has already rotated', async () => {
    writeTokens(expiringSoon(), 'sign-in');
    requestToken.mockImplementation(() => Promise.reject(new Error('must not be called')));
    // A Web Lock that another tab holds for a moment.
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (_name: string, task: () => Promise<unknown>) =>
          new Promise((r) => setTimeout(r, 5)).then(task),
      },
    });
    const pending = refreshTokens();
    // Another tab rotated the tokens between this tab's read and its turn to refresh.
    localStorage.setItem(
      'lms.session',
      JSON.stringify({ accessToken: 'other', refreshToken: 'r9', expiresAt: Date.now() + 900_000 }),
    );
    expect((await pending)?.accessToken).toBe('other');
    expect(requestToken).not.toHaveBeenCalled();
    Object.defineProperty(navigator, 'locks', { configurable: true, value: undefined });
  });

  it.each([
    ['no answer', new ApiError('Network Error', undefined, 'Network Error', undefined)],
    ['a server shedding load', new ApiError('Server sibuk', 503, undefined, 'overloaded')],
    ['too many requests', new ApiError('Terlalu banyak', 429, undefined, undefined)],
  ])('keeps the session for another try after %s', async (_case, failure) => {
    writeTokens(expiringSoon(), 'sign-in');
    requestToken.mockRejectedValue(failure);
    await expect(getValidAccessToken()).rejects.toBe(failure);
    expect(readTokens()?.refreshToken).toBe('r1');
  });

  it('logs out when the server refuses the refresh token', async () => {
    writeTokens(expiringSoon(), 'sign-in');
    requestToken.mockRejectedValue(new ApiError('Invalid Grant', 400, undefined, 'invalid_grant'));
    expect(await getValidAccessToken()).toBeNull();
    expect(readTokens()).toBeNull();
  });

  it('logs out when the refresh fails otherwise', async () => {
    writeTokens(expiringSoon(), 'sign-in');
    requestToken.mockRejectedValue(new Error('invalid_grant'));
    expect(await getValidAccessToken()).toBeNull();
    expect(readTokens()).toBeNull();
  });
});
