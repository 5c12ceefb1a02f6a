/**
 * Hands a downloaded file to the browser's save under `name` (a file the API serves with the session,
 * which a plain link cannot). Kept apart from download-file.ts so the exam page's small bundle takes it
 * without the app's client.
 */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
