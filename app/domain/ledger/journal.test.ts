import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { accountDirective, journalAccountName, journalTransaction, writeJournal, type JournalEntry } from "./journal";

const sale: JournalEntry = {
  date: "2026-01-15",
  number: "2026-000154",
  description: "Venta; contado\nFactura 12",
  lines: [
    { account: "10-01-01-01-00", debit: cents(113000n), credit: cents(0n), description: "Caja" },
    { account: "40-01-01-01-00", debit: cents(0n), credit: cents(100000n) },
    { account: "20-01-02-01-01", debit: cents(0n), credit: cents(13000n) },
  ],
};

describe("journal writer", () => {
  it("names accounts by their significant segments so depth equals level", () => {
    expect(journalAccountName("10-01-02-01-00")).toBe("10:01:02:01");
    expect(journalAccountName("10-00-00-00-00")).toBe("10");
    expect(journalAccountName("20-01-02-01-01")).toBe("20:01:02:01:01");
  });

  it("declares accounts with their label as comment", () => {
    expect(accountDirective({ code: "10-01-01-02-00", label: "Caja chica" })).toBe(
      "account 10:01:01:02  ; Caja chica\n",
    );
  });

  it("writes one posting per line, credits negative, amounts in CRC", () => {
    expect(journalTransaction(sale)).toBe(
      "2026-01-15 (2026-000154) Venta, contado Factura 12\n" +
        "    10:01:01:01  1130.00 CRC  ; Caja\n" +
        "    40:01:01:01  -1000.00 CRC\n" +
        "    20:01:02:01:01  -130.00 CRC\n\n",
    );
  });

  it("streams accounts first, then entries, in chunks that join to the whole file", async () => {
    const entries = Array.from({ length: 2000 }, (_, i) => ({
      ...sale,
      number: `2026-${String(i + 1).padStart(6, "0")}`,
    }));
    async function* source() {
      yield* entries;
    }
    const chunks: string[] = [];
    for await (const chunk of writeJournal([{ code: "10-01-01-01-00", label: "Caja general" }], source()))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    const text = chunks.join("");
    expect(text.startsWith("account 10:01:01:01  ; Caja general\n\n2026-01-15 (2026-000001)")).toBe(true);
    expect(text.match(/^2026-01-15 /gm)).toHaveLength(2000);
  });
});

describe("lines with dollars", () => {
  it("carry their dollars and rate as tags, signed like the posting, so hledger still sums colones", () => {
    const text = journalTransaction({
      date: "2026-10-31",
      number: "2026-000007",
      description: "Pago a proveedor",
      lines: [
        {
          account: "20-01-01-02-00",
          debit: cents(39840000n),
          credit: cents(0n),
          currency: "USD",
          foreignAmount: 80_000_000n,
          rate: 49_800_000n,
        },
        {
          account: "10-01-01-04-01",
          description: "Transferencia",
          debit: cents(0n),
          credit: cents(39840000n),
          currency: "USD",
          foreignAmount: 78_118_000n,
          rate: 51_000_000n,
        },
        { account: "10-01-01-04-01", debit: cents(0n), credit: cents(120n), currency: "USD", foreignAmount: 0n },
      ],
    });
    expect(text).toBe(
      "2026-10-31 (2026-000007) Pago a proveedor\n" +
        "    20:01:01:02  398400.00 CRC  ; usd:800.00, rate:498.00\n" +
        "    10:01:01:04:01  -398400.00 CRC  ; Transferencia, usd:-781.18, rate:510.00\n" +
        "    10:01:01:04:01  -1.20 CRC\n\n",
    );
  });
});
