/**
 * Every decision record opens with the same header, so a reader sees at once whether it still holds
 * and when it was taken; benchmark figures live in bench/RESULTS.md, not in the reasoning.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DECISIONS = join(ROOT, "docs", "decisions");

const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
// «rejected»: an option built or studied and not adopted, kept so nobody tries it again blind.
const STATUS = /^- Status: (?:accepted|rejected|superseded by (\d{3}))$/;
const DATE = /^- Date: (\d{4})-(\d{2})-(\d{2})$/;
/** A throughput figure ("262 req/s", "1 911 receipts/s"): results of a benchmark run. */
const THROUGHPUT_FIGURE = /\d\s*(?:req|requests|receipts|invoices|entries|posts)\/s\b/;
/** A target ("≥ 200 req/s") is a requirement, not a result. */
const TARGET = /[≥>]\s*\d[\d\s.,]*\s*(?:req|requests|receipts|invoices|entries|posts)\/s\b/g;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What is wrong with one decision record's header; `numbers` are the numbers of every record. */
export function decisionProblems(fileName: string, text: string, numbers: ReadonlySet<string>): string[] {
  const name = FILE_NAME.exec(fileName);
  if (!name) return [`${fileName}: the name is not NNN-short-title.md`];
  const number = name[1];
  const lines = text.split("\n");
  const problems: string[] = [];
  if (!new RegExp(`^# ${number} — \\S`).test(lines[0] ?? "")) {
    problems.push(`${fileName}: the first line is not "# ${number} — Title"`);
  }
  if (lines[1] !== "") problems.push(`${fileName}: the title is not followed by a blank line`);
  const status = STATUS.exec(lines[2] ?? "");
  if (!status) {
    problems.push(
      `${fileName}: line 3 is not "- Status: accepted", "- Status: rejected" or "- Status: superseded by NNN"`,
    );
  } else if (status[1] !== undefined && (status[1] === number || !numbers.has(status[1]))) {
    problems.push(`${fileName}: superseded by ${status[1]}, which is not another decision`);
  }
  const date = DATE.exec(lines[3] ?? "");
  if (!date || !isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]))) {
    problems.push(`${fileName}: line 4 is not "- Date: YYYY-MM-DD" with a real date`);
  }
  if (lines[4] !== "") problems.push(`${fileName}: the header is not followed by a blank line`);
  const figure = lines.find((line) => THROUGHPUT_FIGURE.test(line.replace(TARGET, "")));
  if (figure !== undefined) {
    problems.push(`${fileName}: benchmark figures belong in bench/RESULTS.md («${figure.trim()}»)`);
  }
  return problems;
}

const good = "# 042 — A title\n\n- Status: accepted\n- Date: 2026-11-23\n\n**Context.** Why.\n";

describe("decision records", () => {
  it("accept the header and refuse each way of getting it wrong", () => {
    const numbers = new Set(["042", "043"]);
    expect(decisionProblems("042-a-title.md", good, numbers)).toEqual([]);
    expect(decisionProblems("042-a-title.md", good + "Target: ≥ 1 000 posts/s.\n", numbers)).toEqual([]);
    expect(decisionProblems("042-a-title.md", good.replace("accepted", "superseded by 043"), numbers)).toEqual([]);
    expect(decisionProblems("042-a-title.md", good.replace("accepted", "rejected"), numbers)).toEqual([]);
    const wrong: [string, string][] = [
      ["42-a-title.md", good],
      ["042-a-title.md", good.replace("# 042 — A title", "# 042. A title")],
      ["042-a-title.md", good.replace("# 042 —", "# 041 —")],
      ["042-a-title.md", good.replace("A title\n\n", "A title\n")],
      ["042-a-title.md", good.replace("- Status: accepted\n", "")],
      ["042-a-title.md", good.replace("accepted", "proposed")],
      ["042-a-title.md", good.replace("accepted", "superseded by 099")],
      ["042-a-title.md", good.replace("accepted", "superseded by 042")],
      ["042-a-title.md", good.replace("2026-11-23", "2026-02-30")],
      ["042-a-title.md", good.replace("2026-11-23", "23/11/2026")],
      ["042-a-title.md", good.replace("2026-11-23\n\n", "2026-11-23\n")],
      ["042-a-title.md", good + "Measured: 262 req/s, p99 451 ms.\n"],
      ["042-a-title.md", good + "1 911 receipts/s on two cores.\n"],
      ["042-a-title.md", good + "Target ≥ 200 req/s; measured 199 req/s.\n"],
    ];
    for (const [fileName, text] of wrong) {
      expect(decisionProblems(fileName, text, numbers), `${fileName}\n${text}`).not.toEqual([]);
    }
  });

  it("every record in docs/decisions has its number, status and date, and no benchmark figures", () => {
    const files = readdirSync(DECISIONS).filter((name) => name.endsWith(".md"));
    expect(files.length).toBeGreaterThan(70);
    const numbers = files.map((name) => name.slice(0, 3));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
    const known = new Set(numbers);
    expect(files.flatMap((name) => decisionProblems(name, readFileSync(join(DECISIONS, name), "utf8"), known))).toEqual(
      [],
    );
  });
});
