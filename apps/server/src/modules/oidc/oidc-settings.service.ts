import type { OidcSettings, OidcSettingsInput } from '@lms/contract/oidc-settings.schema';
import type { OidcMatch } from '@lms/contract/oidc.rules';
import { errorMessages } from '@lms/contract/error-messages';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { isOperatorWriting } from '../../platform/actor.ts';
import { badRequest, forbidden } from '../../platform/app-error.ts';
import { listChanges, recordChanges, type ActivityCaller } from '../activity-log/activity-log.api.ts';
import { discoverProvider, OidcAddressError } from './oidc-discovery.ts';
import {
  findOidcSettings,
  studyProgramExists,
  upsertOidcSettings,
  type OidcSettingsRow,
} from './oidc.repository.ts';

/** What the campus sign-in needs of the configuration. */
export type OidcPlatform = Pick<AppConfig, 'publicUrl' | 'oidcPrivateNetworks'>;

/** The address the provider sends people back to; registered at the provider as is. */
export function oidcCallbackUrl(platform: OidcPlatform, collegeId: string): string {
  return new URL(`/v2/oidc/callback/${encodeURIComponent(collegeId)}`, platform.publicUrl).toString();
}

/** GET /v2/lms/pengaturan/sso: the settings; the client secret only as whether one is stored. */
export async function getOidcSettings(db: Db, collegeId: string, platform: OidcPlatform) {
  return presentOidcSettings(await findOidcSettings(db, collegeId), collegeId, platform);
}

function presentOidcSettings(
  row: OidcSettingsRow | undefined,
  collegeId: string,
  platform: OidcPlatform,
): OidcSettings {
  return {
    issuer: row?.issuer ?? null,
    client_id: row?.clientId ?? null,
    client_secret_tersimpan: !!row?.clientSecret,
    cocokkan_dengan: (row?.matchBy as OidcMatch | undefined) ?? 'nim_nidn',
    nama_klaim: row?.claimName ?? 'preferred_username',
    buat_akun_baru: row?.createAccounts ?? false,
    prodi_akun_baru: row?.newAccountProdiId ?? null,
    redirect_uri: oidcCallbackUrl(platform, collegeId),
  };
}

const oidcFields = {
  issuer: 'URL penerbit',
  client_id: 'Client ID',
  client_secret: { label: 'Client secret', rahasia: true },
  cocokkan_dengan: 'Cocokkan pengguna dengan',
  nama_klaim: 'Nama klaim',
  buat_akun_baru: 'Buat akun untuk orang yang belum terdaftar',
  prodi_akun_baru: 'Program studi akun baru',
} as const;

const fieldError = (field: string, message: string) =>
  badRequest('validation_failed', `${errorMessages.validation_failed} ${field}: ${message}`, {
    fields: [{ field, message }],
  });

/**
 * PUT /v2/lms/pengaturan/sso (operators with write on konfigurasi). A changed issuer must be an address
 * the installation lets the server call and must answer its discovery document, checked again on every
 * request to it. The client secret is write-only: absent or empty keeps the stored one,
 * `hapus_client_secret` removes it. The activity log records what changed, the secret only as '(diubah)'.
 */
export async function saveOidcSettings(
  db: Db,
  caller: ActivityCaller,
  platform: OidcPlatform,
  input: OidcSettingsInput,
): Promise<OidcSettings> {
  const { actor } = caller;
  if (!isOperatorWriting(actor, 'konfigurasi')) throw forbidden();
  const before = await findOidcSettings(db, actor.collegeId);
  const clientSecret = input.hapus_client_secret ? null : input.client_secret || undefined;
  if (input.issuer && (input.issuer !== before?.issuer || input.client_id !== before?.clientId)) {
    try {
      await discoverProvider(
        { issuer: input.issuer, clientId: input.client_id!, clientSecret: null },
        platform.oidcPrivateNetworks,
      );
    } catch (error) {
      if (!(error instanceof OidcAddressError)) throw error;
      throw fieldError('issuer', error.message);
    }
  }
  if (input.prodi_akun_baru && !(await studyProgramExists(db, actor.collegeId, input.prodi_akun_baru))) {
    throw fieldError('prodi_akun_baru', 'Program studi tidak ditemukan.');
  }
  await upsertOidcSettings(db, actor.collegeId, {
    issuer: input.issuer,
    clientId: input.client_id,
    matchBy: input.cocokkan_dengan,
    claimName: input.nama_klaim,
    createAccounts: input.buat_akun_baru,
    newAccountProdiId: input.prodi_akun_baru ?? null,
    ...(clientSecret !== undefined ? { clientSecret } : {}),
  });
  const after = await findOidcSettings(db, actor.collegeId);
  await recordChanges(
    db,
    caller,
    'ubah_konfigurasi',
    'Mengubah pengaturan SSO Kampus',
    listChanges(
      {
        ...presentOidcSettings(before, actor.collegeId, platform),
        client_secret: before?.clientSecret ?? null,
      },
      {
        ...presentOidcSettings(after, actor.collegeId, platform),
        client_secret: after?.clientSecret ?? null,
      },
      oidcFields,
    ),
  );
  return presentOidcSettings(after, actor.collegeId, platform);
}
