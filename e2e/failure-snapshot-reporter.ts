import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** At most this much of a snapshot is printed: enough for the page's landmarks and the failing part. */
const printedChars = 6_000;

/**
 * Prints the page's accessibility snapshot of every failed test (Playwright's error-context file) into
 * the log: a CI run keeps only its output, and a failure under load is rarely seen again by hand.
 */
export default class FailureSnapshotReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((a) => a.name === 'error-context' && a.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    const snapshot = text.slice(Math.max(0, text.lastIndexOf('```yaml')));
    const shown = snapshot.length > printedChars ? `${snapshot.slice(0, printedChars)}\n…` : snapshot;
    process.stdout.write(`\n--- page at the failure of “${test.title}” ---\n${shown}\n---\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
