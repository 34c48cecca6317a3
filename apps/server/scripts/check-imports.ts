import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

/**
 * `npm run lint`'s import check: one cruise of the server's and the web app's sources (and the packages')
 * with the rules of .dependency-cruiser.cjs (no file imports itself through others, nothing imports the
 * composition files, app-deps.ts and env.ts import no feature), then, on the same graph, the server's
 * folders: a modules/<feature> folder, lib/, db/, http/ and jobs/ may not import each other in a loop,
 * which a file-level rule cannot see (a.ts → b/x.ts and b/y.ts → a2.ts is no cycle of files). Exits 1 on
 * either, printing what to cut.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'packages/contract/src',
  'packages/linkedin-sandbox/src',
  'packages/platform-sandbox/src',
  'packages/sandbox-kit/src',
  'packages/stand-ins/src',
];
const SERVER = 'apps/server/src/';

/**
 * The folder a server file belongs to, or null outside the server's sources. env.ts counts with lib/: it
 * reads the settings parsers of lib/'s pieces, and they read its Config (the configuration is lib's
 * level, below every feature). Every other file at src/'s top is a node of its own: app-deps.ts is read
 * by every feature, so a feature it imported would close a loop; the composition files import features.
 */
const folderOf = (file: string): string | null => {
  if (!file.startsWith(SERVER)) return null;
  const parts = file.slice(SERVER.length).split('/');
  const [top, second] = parts;
  if (parts.length === 1) return top === 'env.ts' ? 'lib' : (top ?? null);
  if (top === 'modules') return parts.length > 2 && second ? `modules/${second}` : null;
  return top ?? null;
};

/** Each folder edge with one import that makes it (enough to find what to move). */
const folderEdges = (result: ICruiseResult): Map<string, Map<string, string>> => {
  const edges = new Map<string, Map<string, string>>();
  for (const module of result.modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, `${module.source} → ${dependency.resolved}`);
      edges.set(from, targets);
    }
  }
  return edges;
};

/** The strongly connected components of more than one folder (Tarjan's algorithm). */
const folderLoops = (edges: Map<string, Map<string, string>>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const loop: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      loop.push(member);
    } while (member !== node);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
};

/** The shortest loop through the folders of a component, as the folders in order (breadth first). */
const shortestLoop = (loop: string[], edges: Map<string, Map<string, string>>): string[] => {
  let best: string[] = loop;
  for (const start of loop) {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift() as string;
      const next = [...(edges.get(node)?.keys() ?? [])].filter((to) => loop.includes(to));
      if (next.includes(start)) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        if (path.length < best.length) best = path;
        break;
      }
      for (const to of next)
        if (!cameFrom.has(to) && to !== start) {
          cameFrom.set(to, node);
          queue.push(to);
        }
    }
  }
  return best;
};

const main = async () => {
  process.chdir(ROOT);
  const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.cjs'));
  const cruised = await cruise(SOURCES, options);
  const result = cruised.output as ICruiseResult;
  let failed = false;
  for (const violation of result.summary.violations) {
    if (violation.rule.severity !== 'error') continue;
    failed = true;
    // A cycle is printed whole, so the file to split can be chosen from it.
    const cycle = violation.cycle?.map((step) => step.name) ?? [];
    const files = cycle.length > 0 ? [violation.from, ...cycle] : [violation.from, violation.to];
    console.log(`${violation.rule.name}: ${files.join(' → ')}`);
  }
  if (failed) console.log('The rules and what to do about each: .dependency-cruiser.cjs.');
  const edges = folderEdges(result);
  if (edges.size === 0) {
    // Nothing read would pass every check: say so rather than pass.
    failed = true;
    console.log("No import between the server's folders was read: does the cruise resolve the sources?");
  }
  const loops = folderLoops(edges);
  for (const loop of loops) {
    failed = true;
    const steps = shortestLoop(loop, edges);
    console.log(`\nThe server's folders ${loop.join(', ')} import each other in a loop; the shortest:`);
    for (const [at, from] of steps.entries()) {
      const to = steps[(at + 1) % steps.length] as string;
      console.log(`  ${from} → ${to} (${edges.get(from)?.get(to)})`);
    }
  }
  if (loops.length > 0)
    console.log(
      '\nMove the shared piece down (into lib/, db/, or the lower feature) so the imports go one way ' +
        '(docs/ARCHITECTURE.md, rule 8).',
    );
  if (!failed)
    console.log(
      `Imports: ${result.summary.totalCruised} modules, no cycle of files, no loop between the server's folders.`,
    );
  process.exitCode = failed ? 1 : 0;
};

if (import.meta.main) await main();
