/** The store key inside one of our file urls (`/v2/files/{key}?college-id=…`, see `fileUrl`) of the college, if it is one. */
export function fileKeyOfUrl(url: string, collegeId: string): string | null {
  const match = /^\/v2\/files\/([A-Za-z0-9_-]{24,64})\?college-id=([^&#]+)$/.exec(url.trim());
  if (!match || decodeURIComponent(match[2]!) !== collegeId) return null;
  return match[1]!;
}
