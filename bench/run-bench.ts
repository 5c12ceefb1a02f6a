// Placeholder: the benchmark harness is written by the platform work.
console.log('no benchmarks yet');
