/**
 * Spanish that does not come back: counts agree through `plural`/`countLabel`, amounts and dates in
 * sentences go through `moneyText`/`dateText` (app/domain/text.ts). This scans the app's source for the
 * shortcuts that produced «comprobante(s)», «1000000.00» and «del 2026-11-30».
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function appSources(): string[] {
  return readdirSync(join(ROOT, "app"), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const BANNED: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /[a-záéíóúñ]\((s|es)\)/i, why: "«(s)» or «(es)» plural: use plural() or countLabel()" },
  { pattern: /\.toFixed\(/, why: ".toFixed(): money is never a float; use moneyText() or formatColones()" },
  { pattern: /toISOString\(\)\.slice\(0, 10\)\}[^`]*`/, why: "an ISO date inside a message: use dateText()" },
  { pattern: /\b(Quedan|Hay|Faltan) \{[^}]+\} [a-z]+s\b/, why: "a count beside a fixed plural: use countLabel()" },
];

/** Each banned use as "file:line  why". */
export function bannedWording(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) =>
        BANNED.filter(({ pattern }) => pattern.test(line)).map(
          ({ why }) => `${relative(ROOT, file)}:${index + 1}  ${why}`,
        ),
      ),
  );
}

describe("wording in app/", () => {
  it("finds the banned shortcuts when they are there", () => {
    const lines = [
      "`${n} comprobante(s) del mes`",
      "{count} cuenta(s)",
      "(n / 100).toFixed(2)",
      "`venció el ${date.toISOString().slice(0, 10)}: súbala`",
      "Quedan {pending} comprobantes en el mes",
      "Hay {count} errores",
    ];
    for (const line of lines)
      expect(
        BANNED.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(true);
    for (const line of ['countLabel(n, "comprobante", "comprobantes")', 'plural(n, "queda", "quedan")'])
      expect(
        BANNED.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(false);
  });

  it("has no «(s)», «(es)», .toFixed( or ISO dates in messages", () => {
    expect(bannedWording(appSources())).toEqual([]);
  });
});
