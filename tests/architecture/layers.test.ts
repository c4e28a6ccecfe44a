/**
 * The layers' import rules, checked on the source: server code never reaches into app/components
 * (UI only), and app/domain stays pure TypeScript that runs in the browser and on the server alike.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const COMPONENTS = join(ROOT, "app", "components");

function sourceFiles(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, directory), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (!path.split(sep).includes("node_modules")) found.push(path);
  }
  return found;
}

/** Every module specifier: static imports and re-exports (type-only ones too), dynamic import() and require(). */
export function importedSpecifiers(source: string): string[] {
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3]);
}

function resolvesInto(file: string, specifier: string, target: string): boolean {
  const path = specifier.startsWith("~/")
    ? join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(file), specifier)
      : null;
  return path !== null && (path === target || path.startsWith(target + sep));
}

function offenders(files: string[], isForbidden: (file: string, specifier: string) => boolean): string[] {
  return files.flatMap((file) =>
    importedSpecifiers(readFileSync(file, "utf8"))
      .filter((specifier) => isForbidden(file, specifier))
      .map((specifier) => `${relative(ROOT, file)} → ${specifier}`),
  );
}

const serverFiles = [
  ...sourceFiles("app").filter((file) => /\.server\.tsx?$/.test(file)),
  ...sourceFiles("app/services"),
  ...sourceFiles("app/domain"),
  ...sourceFiles("models"),
  ...sourceFiles("scripts"),
];

describe("layers", () => {
  it("finds every kind of import", () => {
    const source = [
      'import { a } from "~/components/receipts/format";',
      'import type { B } from "../components/x";',
      'export { c } from "./components/y";',
      "const d = await import('~/components/z');",
      'import "~/components/side-effect";',
    ].join("\n");
    expect(importedSpecifiers(source)).toEqual(
      [
        "~/components/receipts/format",
        "../components/x",
        "./components/y",
        "~/components/side-effect",
        "~/components/z",
      ].sort((a, b) => source.indexOf(a) - source.indexOf(b)),
    );
  });

  it("server code (services, domain, models, scripts, *.server.ts) never imports from app/components", () => {
    expect(serverFiles.length).toBeGreaterThan(50);
    expect(offenders(serverFiles, (file, specifier) => resolvesInto(file, specifier, COMPONENTS))).toEqual([]);
  });

  it("app/domain imports no React, Remix, database, models, services or utils", () => {
    const forbidden = /^(react|react-dom|@remix-run\/|@mantine\/|mongoose|mongodb|~models\/|node:)/;
    const layers = ["services", "utils", "routes", "components"].map((layer) => join(ROOT, "app", layer));
    const domainFiles = sourceFiles("app/domain").filter((file) => !/\.test\.tsx?$/.test(file));
    expect(
      offenders(
        domainFiles,
        (file, specifier) =>
          forbidden.test(specifier) ||
          layers.some((layer) => resolvesInto(file, specifier, layer)) ||
          specifier.includes("/models/"),
      ),
    ).toEqual([]);
  });
});
