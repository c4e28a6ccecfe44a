/**
 * Chart-of-accounts benchmark: a 2,000-account tree (the default 245 plus ~1,755 added accounts,
 * with renames and disables on top), built and merged, then nextCode, search, validation and CSV.
 * Run: npx tsx bench/catalog.ts
 */
import { pathToFileURL } from "node:url";
import {
  DEFAULT_CATALOG,
  buildCatalog,
  catalogToCsv,
  flattenCatalog,
  indexCatalog,
  levelOf,
  nextCode,
  searchCatalog,
  validateOverrides,
  type CatalogOverrides,
} from "../app/domain/catalog";

const TARGET_ACCOUNTS = 2_000;
const BUILD_TARGET_MS = 5;

/** Deterministic pseudo-random numbers, so every run measures the same tree. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function generateOverrides(totalAccounts = TARGET_ACCOUNTS, seed = 42): CatalogOverrides {
  const random = lcg(seed);
  const codes = DEFAULT_CATALOG.map((entry) => entry.key);
  const children = new Map<string, number>();
  for (const code of codes) {
    const parent = code.split("-");
    const level = levelOf(code);
    if (level === 1) continue;
    parent[level - 1] = "00";
    const key = parent.join("-");
    children.set(key, Math.max(children.get(key) ?? 0, Number(code.split("-")[level - 1])));
  }
  const overrides: CatalogOverrides = {};
  while (codes.length < totalAccounts) {
    const parent = codes[Math.floor(random() * codes.length)];
    const level = levelOf(parent);
    const highest = children.get(parent) ?? 0;
    if (level === 5 || highest === 99) continue;
    const segments = parent.split("-");
    segments[level] = String(highest + 1).padStart(2, "0");
    const code = segments.join("-");
    children.set(parent, highest + 1);
    codes.push(code);
    overrides[code] = { label: `Cuenta añadida ${codes.length} – subcuenta de ${parent}` };
  }
  for (let i = 0; i < 100; i++) {
    const code = codes[1 + Math.floor(random() * (codes.length - 1))];
    if (levelOf(code) > 1) overrides[code] = { label: `Renombrada ${i}` };
  }
  for (let i = 0; i < 20; i++) {
    const code = codes[1 + Math.floor(random() * (codes.length - 1))];
    if (levelOf(code) > 1) overrides[code] = { ...(overrides[code] as object), disabled: true };
  }
  return overrides;
}

interface Figures {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

function measure(name: string, runs: number, work: () => unknown): Figures {
  for (let i = 0; i < Math.min(20, runs); i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    runs,
    medianMs: times[Math.floor(runs / 2)],
    p95Ms: times[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)],
  };
}

export function runCatalogBench(): { accounts: number; overrides: number; figures: Figures[]; withinTarget: boolean } {
  const overrides = generateOverrides();
  const tree = buildCatalog(overrides);
  const nodes = flattenCatalog(tree);
  const index = indexCatalog(tree);
  const parents = nodes.filter((node) => node.level < 5);

  const figures = [
    measure("build + merge (2,000 accounts)", 300, () => buildCatalog(overrides)),
    measure("build + merge + index", 300, () => indexCatalog(buildCatalog(overrides))),
    measure("index lookup x 2,000", 300, () => {
      let levels = 0;
      for (const node of nodes) levels += index.get(node.key)!.level;
      if (levels === 0) throw new Error("empty index");
    }),
    measure(`nextCode on every node (${parents.length})`, 200, () => {
      for (const node of parents) {
        try {
          nextCode(node);
        } catch {
          // a node with child 99 has no code left; that refusal is part of the work measured
        }
      }
    }),
    measure("build + first search 'iva' (labels folded cold)", 200, () =>
      searchCatalog(buildCatalog(overrides), "iva"),
    ),
    measure("search 'iva'", 300, () => searchCatalog(tree, "iva")),
    measure("search '10-01'", 300, () => searchCatalog(tree, "10-01")),
    measure("search 'credito fiscal 13'", 300, () => searchCatalog(tree, "credito fiscal 13")),
    measure("validateOverrides", 200, () => validateOverrides(overrides)),
    measure("catalogToCsv", 100, () => catalogToCsv(tree)),
  ];
  const build = figures[0];
  return {
    accounts: nodes.length,
    overrides: Object.keys(overrides).length,
    figures,
    withinTarget: build.medianMs < BUILD_TARGET_MS,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = runCatalogBench();
  console.log(`catalog: ${result.accounts} accounts, ${result.overrides} overrides (node ${process.version})`);
  for (const f of result.figures) {
    console.log(
      `  ${f.name.padEnd(50)} median ${f.medianMs.toFixed(3).padStart(8)} ms   p95 ${f.p95Ms.toFixed(3).padStart(8)} ms   (${f.runs} runs)`,
    );
  }
  console.log(`  target build + merge < ${BUILD_TARGET_MS} ms: ${result.withinTarget ? "met" : "MISSED"}`);
  if (!result.withinTarget) process.exitCode = 1;
}
