import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { qrSlotSeconds } from '@lms/contract/qr-attendance.rules';
import { importHmacKey } from '../../platform/hmac-key.ts';

const audience = 'presensi-qr';

/** What a meeting's QR code vouches for: the college, the meeting and the 30-second slot it was shown in. */
export interface QrClaims {
  collegeId: string;
  meetingId: string;
  slot: number;
}

/**
 * Signs and reads the codes of QR check-in (a short HS256 JWT). The key is derived from the server's
 * token secret, so a QR code can never pass for an access token or the other way round, and several
 * instances with the same TOKEN_SECRET accept each other's codes. The token carries its slot's start as
 * `iat` and nothing random, so every screen showing a meeting's code in one slot shows the same code.
 */
export class QrCodeSigner {
  private readonly key: ReturnType<typeof importHmacKey>;

  constructor(tokenSecret: string) {
    this.key = importHmacKey(createHmac('sha256', tokenSecret).update('lms:presensi-qr').digest());
  }

  /** The code of a meeting for one slot. */
  async sign(claims: QrClaims): Promise<string> {
    return new SignJWT({ cid: claims.collegeId, pid: claims.meetingId, slot: claims.slot })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setIssuedAt(claims.slot * qrSlotSeconds)
      .sign(await this.key);
  }

  /** The claims of a code signed here, or null when it is not one (forged, altered, truncated). */
  async verify(code: string): Promise<QrClaims | null> {
    try {
      const { payload } = await jwtVerify(code, await this.key, { algorithms: ['HS256'], audience });
      const { cid, pid, slot } = payload;
      if (typeof cid !== 'string' || typeof pid !== 'string' || typeof slot !== 'number') return null;
      return { collegeId: cid, meetingId: pid, slot };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
