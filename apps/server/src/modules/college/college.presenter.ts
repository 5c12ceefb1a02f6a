import {
  demoAccountPassword,
  demoAccounts,
  type CollegeConfiguration,
  type CollegeSystem,
  type FrontendConfig,
} from '@lms/contract/college.schema';
import type { College } from '../../platform/college.repository.ts';
import type { CollegeProfile } from '@lms/contract/college-profile.schema';
import { collegeInitials, logoUrl } from './college.service.ts';

/** GET /v2/lms/perguruan_tinggi's answer. */
export function presentCollegeProfile(college: College): CollegeProfile {
  return {
    nama: college.nama,
    judul: college.judul,
    alamat: college.alamat,
    email: college.email,
    telepon: college.telepon,
    logo_url: logoUrl(college),
    ada_logo: college.logoKey !== null,
  };
}

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

/**
 * The web app manifest (installing the LMS on a phone's home screen) with the college's own name; its
 * icons are the uploaded logo's PNG icons (192, 512, maskable 512), else the initials logo (SVG).
 */
export function presentWebManifest(college: College): Record<string, unknown> {
  return {
    name: college.judul || college.nama,
    short_name: `LMS ${collegeInitials(college.nama)}`,
    description: `Sistem pembelajaran daring ${college.nama}`,
    lang: 'id',
    start_url: '/beranda',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#ffffff',
    icons: college.logoKey
      ? [
          { src: logoUrl(college, '192'), sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: logoUrl(college, '512'), sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: logoUrl(college, 'maskable'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ]
      : [
          { src: logoUrl(college), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
  };
}
