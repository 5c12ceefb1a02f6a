// What other areas may use of the SIAKAD area: the connector chosen for a college.
import { readGradeIntegration } from '@lms/contract/grade.schema';
import type { Db } from '../../db/database.ts';
import { createDemoSiakadConnector } from './siakad-demo.connector.ts';
import { createHttpSiakadConnector } from './siakad-http.connector.ts';
import type { SiakadConnector } from './siakad-connector.ts';
import type { SiakadPlatform } from './siakad-address.ts';
import { findSiakadSecret } from './siakad.repository.ts';

export {
  isOwnOrigin,
  parseSiakadUrl,
  SiakadAddressError,
  siakadAddressMessages,
  type SiakadPlatform,
} from './siakad-address.ts';
export { hasSiakadSecret, saveSiakadSecret } from './siakad.repository.ts';
export { siakadSecretMaxLength, siakadSecretMinLength } from './siakad-signature.ts';
export {
  SiakadError,
  siakadSemesterFields,
  siakadSemesterParts,
  type SiakadClass,
  type SiakadComponent,
  type SiakadConnector,
  type SiakadSemesterPart,
  type SiakadSemesterRow,
  type SiakadValue,
  type SiakadValueWrite,
  type SiakadWriteResult,
} from './siakad-connector.ts';

/**
 * Why the college's SIAKAD cannot be called yet, in words for operators; null when it can (the demo
 * SIAKAD always can). Checked before a load is started, so an unusable setting is refused at once.
 */
export async function siakadSetupProblem(
  db: Db,
  college: { id: string; settings: unknown },
): Promise<string | null> {
  const { siakad } = readGradeIntegration(college.settings);
  if (siakad.jenis !== 'http') return null;
  if (!siakad.url) return 'Alamat Siakad belum diatur (Konfigurasi › Integrasi Nilai).';
  if (!(await findSiakadSecret(db, college.id)))
    return 'Kunci rahasia Siakad belum diatur (Konfigurasi › Integrasi Nilai).';
  return null;
}

/**
 * The SIAKAD a college talks to, from its settings (`integrasi_nilai.siakad`): the HTTP client at the
 * configured address with its time limit, within the platform's address rules and signing with the
 * college's key, or the demo SIAKAD in our own database (the default, and the fallback when `http` has
 * no address).
 */
export function siakadConnectorFor(
  db: Db,
  college: { id: string; settings: unknown },
  platform: SiakadPlatform,
): SiakadConnector {
  const { siakad } = readGradeIntegration(college.settings);
  if (siakad.jenis === 'http' && siakad.url) {
    return createHttpSiakadConnector({
      url: siakad.url,
      timeoutMs: siakad.batas_waktu_ms,
      platform,
      secret: () => findSiakadSecret(db, college.id),
    });
  }
  return createDemoSiakadConnector(db, college.id);
}
