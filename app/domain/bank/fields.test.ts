import { describe, expect, it } from "vitest";
import { isSameAccount } from "./checks";
import { parseStatementAmount, parseStatementDate, splitCsv } from "./fields";
import { formatIban, readCostaRicaIban } from "./iban";

describe("amounts as banks print them", () => {
  it.each([
    ["1234.56", ".", 123_456n],
    ["1,234,567.89", ".", 123_456_789n],
    ["1.234.567,89", ",", 123_456_789n],
    ["1 234,5", ",", 123_450n],
    ["-15.00", ".", -1_500n],
    ["15.00-", ".", -1_500n],
    ["(2,500.00)", ".", -250_000n],
    ["₡ 100", ".", 10_000n],
    ["0.50", ".", 50n],
  ] as const)("%s with «%s» → %s céntimos", (text, mark, expected) => {
    expect(parseStatementAmount(text, mark)).toBe(expected);
  });

  it.each([
    ["1234,56", "."],
    ["12,34.5", "."],
    ["1.5.5", "."],
    ["0.001", "."],
    ["abc", "."],
    ["", "."],
  ] as const)("refuses %s with «%s»", (text, mark) => {
    expect(parseStatementAmount(text, mark)).toBeNull();
  });
});

describe("dates", () => {
  it("reads each style and refuses days that do not exist", () => {
    expect(parseStatementDate("2/11/2026", "dd/mm/yyyy")).toBe("2026-11-02");
    expect(parseStatementDate("11/02/2026", "mm/dd/yyyy")).toBe("2026-11-02");
    expect(parseStatementDate("29022028", "ddmmyyyy")).toBe("2028-02-29");
    expect(parseStatementDate("29022027", "ddmmyyyy")).toBeNull();
    expect(parseStatementDate("20261130120000[-6:CST]", "yyyymmdd")).toBe("2026-11-30");
    expect(parseStatementDate("2026-11-30T10:00:00", "yyyy-mm-dd")).toBe("2026-11-30");
    expect(parseStatementDate("31/04/2026", "dd/mm/yyyy")).toBeNull();
  });
});

describe("CSV rows", () => {
  it("keeps quoted separators, doubled quotes and line numbers across quoted line breaks", () => {
    const rows = splitCsv('a,"b,c","say ""hi"""\r\n"two\nlines",x\n\nlast', ",");
    expect(rows).toEqual([
      { line: 1, cells: ["a", "b,c", 'say "hi"'] },
      { line: 2, cells: ["two\nlines", "x"] },
      { line: 4, cells: [""] },
      { line: 5, cells: ["last"] },
    ]);
  });
});

describe("Costa Rican IBAN", () => {
  it("accepts the registry's example and formats it in groups of four", () => {
    expect(readCostaRicaIban("cr05 0152 0200 1026 2840 66")).toEqual({ ok: true, iban: "CR05015202001026284066" });
    expect(formatIban("CR05015202001026284066")).toBe("CR05 0152 0200 1026 2840 66");
  });

  it("refuses a wrong length, a non-zero fifth character and a wrong check", () => {
    expect(readCostaRicaIban("CR0501520200102628406")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/22 caracteres/),
    });
    expect(readCostaRicaIban("CR05115202001026284066")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/quinto/),
    });
    expect(readCostaRicaIban("CR05015202001026284067")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/control/),
    });
  });

  it("matches a file's account to the IBAN, the bank's number or the account part", () => {
    const account = { iban: "CR05015202001026284066", number: "200-01-026-028406-6" };
    expect(isSameAccount("CR05 0152 0200 1026 2840 66", account)).toBe(true);
    expect(isSameAccount("02001026284066", account)).toBe(true);
    expect(isSameAccount("200010260284066", account)).toBe(true);
    expect(isSameAccount("CR12010200009301234567", account)).toBe(false);
    expect(isSameAccount("4066", account)).toBe(false);
  });
});
