// What other areas may use of the auth area: who may act for a student, a sign-in code for a user
// identified elsewhere (campus sign-in), opaque secrets and their hashes, a reset link for one account.
export { assertCanActForStudent } from './auth.policy.ts';
export { issueWebSignInCode } from './auth.service.ts';
export { createOpaqueToken, hashOpaqueToken } from './auth.pkce.ts';
export { sendPasswordResetLinkTo } from './password-reset.service.ts';
