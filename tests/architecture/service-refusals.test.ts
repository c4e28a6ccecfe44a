/**
 * Services refuse with the one refusal shape and never answer HTTP themselves (decision 260): no file
 * under app/services/ builds, throws or returns a Response, and none imports the helpers that make one.
 * The route turns a refusal into the response (app/utils/http.server.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** What answers HTTP: Remix's response helpers, the app's refusal and toast responses, a Response built by hand. */
const RESPONSE_MAKERS: Array<{ name: string; pattern: RegExp }> = [
  { name: "imports a value from Remix", pattern: /import\s+(?!type\b)[^;]*?from\s*["']@remix-run\/[^"']+["']/ },
  { name: "imports the HTTP refusals", pattern: /from\s*["']~\/utils\/http\.server["']/ },
  { name: "imports the toast redirects", pattern: /from\s*["']~\/utils\/toast\.server["']/ },
  { name: "replies to a form", pattern: /\breplyWithErrors\s*\(/ },
  { name: "asks for a confirmation page", pattern: /\baskConfirmation\s*\(/ },
  { name: "builds a file response", pattern: /\bfileResponse\s*\(/ },
  { name: "builds a Response", pattern: /\bnew\s+Response\s*\(|\bResponse\.(json|redirect|error)\s*\(/ },
  {
    name: "throws an HTTP helper",
    pattern: /\bthrow\s+(json|redirect|redirectDocument|data|badRequest|forbidden|notFound|payloadTooLarge)\s*\(/,
  },
  { name: "answers with a Response type", pattern: /\)\s*:\s*(Promise<\s*)?Response\b/ },
  // «Not found» is a refusal's kind, not a second flag beside the refusals.
  { name: "flags not-found beside its refusals", pattern: /\bnotFound\??\s*:\s*(true|boolean)\b/ },
  // Nor is an HTTP status: what sort of «no» it is goes in the refusal's kind.
  { name: "carries an HTTP status", pattern: /\bok:\s*false\b[^}]*\bstatus\??\s*:\s*(number|[45]\d\d)\b/ },
];

/** Files that name Response for another reason, each with why. */
const EXCEPTIONS: Record<string, string> = {
  // Hacienda's API answers the app: a fetched response is read here, never sent to a browser.
  "app/services/hacienda/http.server.ts": "answers with a Response type",
};

function serviceFiles(): string[] {
  return readdirSync(join(ROOT, "app/services"), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** "file: what" for each way a source answers HTTP. */
export function responseMakers(file: string, source: string): string[] {
  return RESPONSE_MAKERS.filter(({ pattern }) => pattern.test(source))
    .map(({ name }) => `${file}: ${name}`)
    .filter((found) => EXCEPTIONS[file] === undefined || !found.endsWith(EXCEPTIONS[file]));
}

describe("services answer with refusals, never with HTTP", () => {
  it("recognizes every way of answering HTTP", () => {
    const samples = [
      'import { json } from "@remix-run/node";',
      'import { notFound } from "~/utils/http.server";',
      'import { redirectWithSuccess } from "~/utils/toast.server";',
      "return replyWithErrors(submission, refused);",
      "return askConfirmation(submission);",
      "return fileResponse(body, options);",
      'return new Response("x", { status: 400 });',
      "throw notFound(MESSAGE);",
      "export async function answer(form: FormData): Promise<Response> {",
      "return { ok: false, notFound: true, refusals };",
      "return { ok: false, message, status: 409 };",
    ];
    expect(samples.map((sample) => responseMakers("x.ts", sample).length)).toEqual(samples.map(() => 1));
    expect(responseMakers("x.ts", 'import type { LoaderFunctionArgs } from "@remix-run/node";')).toEqual([]);
    expect(responseMakers("x.ts", "return refused(notFoundRefusal(MESSAGE));")).toEqual([]);
  });

  it("scans every service", () => {
    const files = serviceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("app/services/rules/rules.server.ts");
  });

  it("no service builds, throws or returns an HTTP response", () => {
    const found = serviceFiles().flatMap((file) => responseMakers(file, readFileSync(join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("every exception still needs its place", () => {
    for (const [file, what] of Object.entries(EXCEPTIONS)) {
      const source = readFileSync(join(ROOT, file), "utf8");
      expect(RESPONSE_MAKERS.find(({ name }) => name === what)!.pattern.test(source), file).toBe(true);
    }
  });
});
