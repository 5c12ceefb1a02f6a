import type { OutputBundle, OutputChunk } from 'rolldown';

/** The bundle's chunks by file name. */
export function chunksByFile(bundle: OutputBundle): Map<string, OutputChunk> {
  return new Map(
    Object.values(bundle)
      .filter((output): output is OutputChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** The files of the given chunks and of every chunk they import statically, transitively. */
export function withImports(chunks: Map<string, OutputChunk>, ...starts: OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  for (const start of starts) visit(start.fileName);
  return files;
}
