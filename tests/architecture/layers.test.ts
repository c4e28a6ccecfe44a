/**
 * The layers' import rules (docs/design/layers.md), checked on the source. Each rule names the files
 * it governs and what they may not import; a known exception is listed with its reason, and an
 * exception that no longer occurs must be removed from its list.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

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

/** The specifiers a file imports only as types (`import type …`), which no bundle ever contains. */
function typeOnlySpecifiers(source: string): Set<string> {
  return new Set([...source.matchAll(/(?:^|[\s;])import\s+type\s[^'"`;]*?from\s*["']([^"']+)["']/g)].map((m) => m[1]));
}

/** The repository path (forward slashes) a project specifier points at, or null for a library. */
function target(file: string, specifier: string): string | null {
  const path = specifier.startsWith("~/")
    ? join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith("~models/")
      ? join(ROOT, "models", specifier.slice("~models/".length))
      : specifier.startsWith(".")
        ? resolve(dirname(file), specifier)
        : null;
  return path === null ? null : relative(ROOT, path).split(sep).join("/");
}

const isTest = (path: string) => /\.(test|spec)\.tsx?$/.test(path) || /(^|\/)tests\//.test(path);
const isServerModule = (path: string) => /\.server(\.tsx?)?$/.test(path);
const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`));

type Rule = {
  /** The rule as docs/design/layers.md states it. */
  name: string;
  /** Which files it governs (repository paths; tests are never governed). */
  governs: (file: string) => boolean;
  /** Whether importing `specifier` (resolved to `imported`, null for a library) breaks it. */
  forbids: (imported: string | null, specifier: string) => boolean;
  /** "file → specifier" pairs allowed for now, each with its reason. */
  exceptions?: Record<string, string>;
};

const DOMAIN_LIBRARIES = /^(react|react-dom|@remix-run\/|@mantine\/|mongoose|mongodb|node:)/;

export const RULES: Rule[] = [
  {
    name: "1. app/domain is pure: no React, Remix, Mantine, database, node: or app layer outside the domain",
    governs: (file) => under(file, "app/domain"),
    forbids: (imported, specifier) =>
      DOMAIN_LIBRARIES.test(specifier) ||
      (imported !== null && !under(imported, "app/domain") && imported !== "app/domain"),
  },
  {
    name: "2. server code (services, utils, domain, models, scripts, *.server) never imports app/components",
    governs: (file) =>
      under(file, "app/services", "app/utils", "app/domain", "models", "scripts") || isServerModule(file),
    forbids: (imported) => imported !== null && under(imported, "app/components"),
  },
  {
    name: "3. app/components import no server code: no models, services, routes or *.server modules",
    governs: (file) => under(file, "app/components"),
    forbids: (imported) =>
      imported !== null && (under(imported, "models", "app/services", "app/routes") || isServerModule(imported)),
  },
  {
    name: "4. in app/, only *.server modules import models (routes, components and domain never touch the ORM)",
    governs: (file) => under(file, "app") && !isServerModule(file),
    forbids: (imported) => imported !== null && under(imported, "models"),
  },
  {
    name: "5. nothing imports a route module but Remix: services, utils, models and scripts never import app/routes",
    governs: (file) => under(file, "app/services", "app/utils", "app/domain", "models", "scripts"),
    forbids: (imported) => imported !== null && under(imported, "app/routes"),
  },
  {
    name: "6. app/utils is infrastructure below the features: it never imports app/services",
    governs: (file) => under(file, "app/utils"),
    forbids: (imported) => imported !== null && under(imported, "app/services"),
  },
  {
    name: "7. models import only the domain (and other models): no services, utils, scripts or tests",
    governs: (file) => under(file, "models"),
    forbids: (imported) => imported !== null && !under(imported, "models", "app/domain") && imported !== "app/domain",
  },
  {
    name: "8. each package under packages/ is self-contained: it imports nothing outside its own folder",
    governs: (file) => under(file, "packages"),
    forbids: () => false,
  },
  {
    name: "9. the app never imports development tools: app/ and models/ import nothing from scripts/, tests/ or bench/",
    governs: (file) => under(file, "app", "models"),
    forbids: (imported) => imported !== null && under(imported, "scripts", "tests", "bench"),
  },
];

/** Rule 8 depends on the importing file: a package may import only from its own folder. */
function outsideOwnPackage(file: string, imported: string | null): boolean {
  if (imported === null) return false;
  const ownPackage = file.split("/").slice(0, 2).join("/");
  return !under(imported, ownPackage);
}

const governed = [
  ...sourceFiles("app"),
  ...sourceFiles("models"),
  ...sourceFiles("scripts"),
  ...sourceFiles("packages"),
]
  .map((path) => ({ path, file: relative(ROOT, path).split(sep).join("/") }))
  .filter(({ file }) => !isTest(file));

function violations(rule: Rule): { found: string[]; typeOnly: Set<string> } {
  const found: string[] = [];
  const typeOnly = new Set<string>();
  for (const { path, file } of governed.filter(({ file }) => rule.governs(file))) {
    const source = readFileSync(path, "utf8");
    const types = typeOnlySpecifiers(source);
    for (const specifier of importedSpecifiers(source)) {
      const imported = target(path, specifier);
      const broken = rule.name.startsWith("8.") ? outsideOwnPackage(file, imported) : rule.forbids(imported, specifier);
      if (!broken) continue;
      const key = `${file} → ${specifier}`;
      found.push(key);
      if (types.has(specifier)) typeOnly.add(key);
    }
  }
  return { found, typeOnly };
}

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
    expect([...typeOnlySpecifiers(source)]).toEqual(["../components/x"]);
  });

  it("each rule catches what it forbids", () => {
    const rule = (number: string) => RULES.find((candidate) => candidate.name.startsWith(`${number}.`))!;
    expect(rule("1").forbids(null, "mongoose")).toBe(true);
    expect(rule("1").forbids("app/utils/db.server", "~/utils/db.server")).toBe(true);
    expect(rule("1").forbids("app/domain/money", "../money")).toBe(false);
    expect(rule("2").forbids("app/components/shell/Sidebar", "~/components/shell/Sidebar")).toBe(true);
    expect(rule("3").forbids("app/utils/auth.server", "~/utils/auth.server")).toBe(true);
    expect(rule("3").forbids("app/domain/money", "~/domain/money")).toBe(false);
    expect(rule("4").forbids("models/entry", "~models/entry")).toBe(true);
    expect(rule("5").forbids("app/routes/login", "~/routes/login")).toBe(true);
    expect(rule("6").forbids("app/services/ledger/ledger.server", "~/services/ledger/ledger.server")).toBe(true);
    expect(rule("7").forbids("app/utils/db.server", "~/utils/db.server")).toBe(true);
    expect(rule("7").forbids("app/domain/money", "../app/domain/money")).toBe(false);
    expect(outsideOwnPackage("packages/embedded-mongo/src/a.ts", "app/domain/money")).toBe(true);
    expect(outsideOwnPackage("packages/embedded-mongo/src/a.ts", "packages/embedded-mongo/src/b")).toBe(false);
    expect(rule("9").forbids("scripts/hacienda-samples/src/generate", "../scripts/hacienda-samples/src/generate")).toBe(
      true,
    );
  });

  it("scans the whole source", () => {
    expect(governed.length).toBeGreaterThan(300);
    for (const rule of RULES)
      expect(
        governed.some(({ file }) => rule.governs(file)),
        rule.name,
      ).toBe(true);
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      const { found, typeOnly } = violations(rule);
      const allowed = rule.exceptions ?? {};
      expect(found.filter((key) => !(key in allowed))).toEqual([]);
      // A listed exception that no longer occurs is removed from the list, so the list stays true.
      expect(Object.keys(allowed).filter((key) => !found.includes(key))).toEqual([]);
      // The exceptions are type-only: no server code reaches the browser through them.
      expect(Object.keys(allowed).filter((key) => !typeOnly.has(key))).toEqual([]);
    });
  }
});
