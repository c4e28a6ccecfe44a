/**
 * Things the app defines once (issue 31, item 5): the duplicate-key code lives in
 * models/mongo-errors.ts, and the one loop that runs a transaction again is withTransaction in
 * app/utils/db.server.ts (callers pass a retry policy instead of wrapping it in loops of their own).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Files (other than `home`) whose source matches `pattern`. */
export function definedOutside(files: string[], pattern: RegExp, home: string): string[] {
  return files.filter((file) => file !== home && pattern.test(readFileSync(join(ROOT, file), "utf8")));
}

const FILES = [...sources("app"), ...sources("models")];

describe("defined once", () => {
  it("the duplicate-key code 11000 appears only in models/mongo-errors.ts", () => {
    expect(definedOutside(FILES, /\b11000\b/, "models/mongo-errors.ts")).toEqual([]);
  });

  it("only app/utils/db.server.ts reads the TransientTransactionError label to run a transaction again", () => {
    // receipt-answer reads it once, after the retries, to tell a lost race from a failure.
    const readers = definedOutside(FILES, /"TransientTransactionError"/, "app/utils/db.server.ts");
    expect(readers).toEqual(["app/services/receipts/receipt-answer.server.ts"]);
  });

  it("finds a definition outside its home when there is one", () => {
    expect(definedOutside(["app/utils/db.server.ts"], /TransientTransactionError/, "models/mongo-errors.ts")).toEqual([
      "app/utils/db.server.ts",
    ]);
  });
});
