// An ESLint rule: server areas (apps/server/src/modules/<area>/) never depend on each other in a circle.
// import-x/no-cycle follows files, and an area can reach another through its .api.ts and come back through
// a different file without any file cycle; this rule follows areas. The graph is read from the source
// files' `from '../<area>/…'` (tests and their helpers aside: they may use any area).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const modulesDir = path.join(import.meta.dirname, 'src', 'modules');
const areaImport = /from\s+'\.\.\/([\w-]+)\//g;
const isAreaSource = (file) => file.endsWith('.ts') && !/\.(test|testing)\.ts$/.test(file);

/** Each area's set of areas it imports, read from disk once per lint run. */
function readAreaGraph() {
  const graph = new Map();
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const deps = new Set();
    const dir = path.join(modulesDir, entry.name);
    for (const file of readdirSync(dir, { recursive: true })) {
      if (!isAreaSource(String(file))) continue;
      for (const match of readFileSync(path.join(dir, String(file)), 'utf8').matchAll(areaImport)) {
        if (match[1] !== entry.name) deps.add(match[1]);
      }
    }
    graph.set(entry.name, deps);
  }
  return graph;
}

/** A path of areas from `from` to `to` (both included), or null when there is none. */
function findPath(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const area = queue.shift();
    if (area === to) {
      const chain = [];
      for (let at = to; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(area) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, area);
        queue.push(next);
      }
    }
  }
  return null;
}

let graph;

export const areaCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server areas never import each other in a circle.' },
    schema: [],
    messages: {
      cycle:
        'Area cycle {{cycle}}: move the shared piece to the area below, or let the upper area provide it.',
    },
  },
  create(context) {
    const relative = path.relative(modulesDir, context.filename);
    const [area, ...rest] = relative.split(path.sep);
    if (relative.startsWith('..') || rest.length === 0 || !isAreaSource(relative)) return {};
    graph ??= readAreaGraph();
    const check = (node) => {
      const match = /^\.\.\/([\w-]+)\//.exec(node.source?.value ?? '');
      if (!match || match[1] === area) return;
      const back = findPath(graph, match[1], area);
      if (back)
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { cycle: [area, ...back].join(' → ') },
        });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
