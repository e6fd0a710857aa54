/** The build's chunks as a graph of static imports (the route preload and the bundle bench). */

export type ChunkNode = { fileName: string; imports: string[] };

/** A chunk and every chunk it imports statically, directly or not, by file name (into `into`). */
export function staticClosure<C extends ChunkNode>(
  start: C,
  byName: Map<string, C>,
  into = new Set<string>(),
): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const f of start.imports) {
    const c = byName.get(f);
    if (c) staticClosure(c, byName, into);
  }
  return into;
}
