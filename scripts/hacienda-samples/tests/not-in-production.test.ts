import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith("~models/")) base = path.join(root, "models", specifier.slice("~models/".length));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|js)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every project module reachable from `entry` through static imports (type-only imports excluded). */
function staticImportGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm,
    )) {
      const resolved = resolveModule(file, match[1]);
      if (resolved) pending.push(resolved);
    }
  }
  return seen;
}

describe("the sample generator is a development tool", () => {
  it("is not reachable from the production server's static imports", () => {
    const graph = [...staticImportGraph(path.join(root, "server.ts"))].map((file) => path.relative(root, file));
    expect(graph).toContain("app/boot/local-services.server.ts");
    // The generator (scripts/hacienda-samples) and every other script stay out of the server.
    expect(graph.filter((file) => file.startsWith("scripts/"))).toEqual([]);
  });

  it("is reached by the demo seed, which says so", () => {
    const graph = [...staticImportGraph(path.join(root, "scripts/seed-demo.ts"))].map((file) =>
      path.relative(root, file),
    );
    expect(graph).toContain("scripts/hacienda-samples/src/generate.ts");
  });
});
