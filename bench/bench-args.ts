/**
 * A bench option: `--name=value` on the command line, else BENCH_NAME in the environment (npm run passes
 * no --options through), else `fallback`.
 */
export function benchOption(name: string, fallback: string): string {
  return (
    process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ??
    process.env[`BENCH_${name.toUpperCase().replaceAll('-', '_')}`] ??
    fallback
  );
}

/** The p-th percentile of `values` (NaN when there are none). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
