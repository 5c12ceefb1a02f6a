/** A target path from a query parameter, accepted only when it stays inside this app. */
export function safeTarget(value: string | null | undefined, fallback = '/beranda'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/oauth')) return fallback;
  return value;
}
