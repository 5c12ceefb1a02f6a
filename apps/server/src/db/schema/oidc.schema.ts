import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './college.schema.ts';

/**
 * A college's OpenID Connect provider for "Masuk dengan SSO Kampus". Without an issuer the campus
 * sign-in is off. The client secret is kept here because the token request needs it in the clear; it
 * is never answered.
 */
export const collegeOidcSettings = pgTable('college_oidc_settings', {
  collegeId: text('college_id')
    .primaryKey()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  issuer: text('issuer'),
  clientId: text('client_id'),
  clientSecret: text('client_secret'),
  /** nim_nidn (the claim `claim_name` holds a NIM or NIDN) or email (a verified email claim). */
  matchBy: text('match_by').notNull(),
  claimName: text('claim_name').notNull().default(''),
  /** Whether a person the college does not know gets a student account (default: refused). */
  createAccounts: boolean('create_accounts').notNull().default(false),
  /** The study programme such new student accounts join. */
  newAccountProdiId: text('new_account_prodi_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A campus sign-in between leaving for the provider and its callback: found by the SHA-256 of the
 * `state` sent to the provider, used once (`used_at`), for ten minutes. It also holds the browser
 * binding (the SHA-256 of a cookie set when it started) and the web app's own PKCE request, answered
 * with an LMS sign-in code once the provider's answer checks out.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id').notNull(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    appRedirectUri: text('app_redirect_uri').notNull(),
    appState: text('app_state').notNull(),
    appCodeChallenge: text('app_code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_sign_ins_state_uq').on(t.stateHash),
    index('oidc_sign_ins_expires_idx').on(t.expiresAt),
  ],
);
