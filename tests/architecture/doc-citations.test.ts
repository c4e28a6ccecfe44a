/**
 * The project is self-contained: code, comments and docs cite only documents that are in the
 * repository (docs/spec, docs/domain, docs/design, docs/decisions …), and a cited section exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Names of documents that were never part of the repository, and paths outside it. */
const OUTSIDE = [/\.\.\/shared\b/, /\/work\//, /\b[Ss]eed §/, /\bcosta-rica\b/, /\bproduct (?:spec )?§/];
const URL = /\b(?:https?|file):\/\/\S+/g;
/** A cited Markdown file, optionally followed by a section: `docs/domain/iva.md §3.1`. */
const CITATION = /([\w./-]*\w\.md)(?!\w|\.\w)(?:\s+§(\d+)(?:\.(\d+))?)?/g;

function walk(directory: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, directory), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.split(sep).some((part) => part === "node_modules" || part === "build")) continue;
    if (keep(path)) found.push(path);
  }
  return found;
}

function headings(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => /^#{2,4} /.test(line));
}

/** A heading numbered like the section: «## 3. Rates», «### 3.1 Rates», «## §3 Rates». */
function sectionExists(path: string, section: string, subsection: string | undefined): boolean {
  const number = new RegExp(`^§?${section}${subsection === undefined ? "" : `\\.${subsection}`}(?!\\d)`);
  return headings(path).some((line) => number.test(line.replace(/^#+ /, "")));
}

/** What a file's text cites that is not in the repository; `directory` is the file's folder. */
export function brokenCitations(text: string, directory: string): string[] {
  const withoutUrls = text.replace(URL, "");
  const problems = OUTSIDE.filter((pattern) => pattern.test(withoutUrls)).map((pattern) => {
    const line = withoutUrls.split("\n").find((candidate) => pattern.test(candidate)) ?? "";
    return `refers outside the repository: «${line.trim()}»`;
  });
  for (const match of withoutUrls.matchAll(CITATION)) {
    const [, cited, section, subsection] = match;
    const candidates = [join(ROOT, cited), join(directory, cited)];
    const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
    if (found === undefined) {
      problems.push(`cites ${cited}, which is not in the repository`);
    } else if (section !== undefined && !sectionExists(found, section, subsection)) {
      problems.push(`cites ${cited} §${section}${subsection ? `.${subsection}` : ""}, which has no such section`);
    }
  }
  return problems;
}

const CODE = /\.(ts|tsx|js|mjs|cjs|sh)$/;
/** The architecture tests hold made-up file names as fixtures; they cite nothing. */
const FIXTURES = join(ROOT, "tests", "architecture") + sep;
const scanned = [
  ...["app", "models", "packages", "scripts", "tests", "bench"].flatMap((folder) =>
    walk(folder, (path) => CODE.test(path) && !path.startsWith(FIXTURES)),
  ),
  ...walk("docs", (path) => path.endsWith(".md")),
  ...["server.ts", "README.md", "Dockerfile", "eslint.config.js"].map((name) => join(ROOT, name)).filter(existsSync),
  ...walk("packages", (path) => path.endsWith("README.md")),
];

describe("citations of documents", () => {
  it("accept documents and sections of the repository, refuse the rest", () => {
    const here = join(ROOT, "app", "domain", "hacienda");
    expect(brokenCitations("(docs/domain/iva.md §3) and docs/spec/access.md §2", here)).toEqual([]);
    expect(brokenCitations("see SOURCES.md beside this file; https://example.org/x/README.md", here)).toEqual([]);
    expect(brokenCitations("forge.md.sha256.create()", here)).toEqual([]);
    expect(brokenCitations("LMDB's data.mdb and lock.mdb files", here)).toEqual([]);
    expect(brokenCitations("https://example.org/facturacion-en-costa-rica/", here)).toEqual([]);
    expect(brokenCitations("docs/domain/hacienda-xml.md §6.3 and §6", here)).toEqual([]);
    const outside = [
      "(ledger" + ".md §1)",
      "seed" + " §8",
      "costa" + "-rica.md §1.2",
      "../" + "shared/spec/x",
      "docs/domain/iva.md §99",
    ];
    for (const text of outside) expect(brokenCitations(text, here), text).not.toEqual([]);
  });

  it("code, comments and docs cite only what is in the repository", () => {
    expect(scanned.length).toBeGreaterThan(500);
    const problems = scanned.flatMap((path) =>
      brokenCitations(readFileSync(path, "utf8"), dirname(path)).map(
        (problem) => `${relative(ROOT, path)}: ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
