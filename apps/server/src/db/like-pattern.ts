/** Escapes LIKE wildcards so a search for "50%" means the text; the pattern matches anywhere. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}
