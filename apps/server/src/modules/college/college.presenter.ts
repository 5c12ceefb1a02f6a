import {
  demoAccountPassword,
  demoAccounts,
  type CollegeConfiguration,
  type CollegeSystem,
  type FrontendConfig,
} from '@lms/contract/college.schema';
import type { College } from '../../platform/college.repository.ts';

/** GET /v1/configuration's answer; demo accounts only for the demo university loaded by the demo seed. */
export function presentConfiguration(college: College, isDemo: boolean): CollegeConfiguration {
  return {
    college_id: college.id,
    nama: college.nama,
    judul: college.judul,
    copyright: college.copyright,
    url_sikad_legacy: college.urlSikadLegacy,
    color_mode: college.colorMode,
    time_zone: college.timeZone,
    demo: isDemo,
    demo_accounts: isDemo ? demoAccounts : [],
    demo_password: isDemo ? demoAccountPassword : null,
  };
}

/** GET /v1/sistem's answer. */
export function presentSystem(college: College): CollegeSystem {
  return {
    alamat: college.alamat,
    email: college.email,
    judul: college.judul,
    nama: college.nama,
    telepon: college.telepon,
  };
}

/** GET /multisite-config/frontend-config's answer. */
export function presentFrontendConfig(
  college: College,
  app: { id: FrontendConfig['id']; apiUrl: string; siakadUrl: string },
): FrontendConfig {
  return {
    id: app.id,
    college_id: college.id,
    nama: college.nama,
    judul: college.judul,
    api_url: app.apiUrl,
    url_sikad: college.urlSikadLegacy || app.siakadUrl,
    time_zone: college.timeZone,
    color_mode: college.colorMode,
  };
}
