import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readStatement, type StatementFormat, type StatementTarget } from "./index";
import type { CsvMapping } from "./generic-csv";

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../../../tests/fixtures/bank");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

const BAC: StatementTarget = { iban: "CR12 0102 0000 9301 2345 67", currency: "CRC" };
const SCOTIABANK: StatementTarget = { iban: "CR94012300004455667788", number: "4455667788", currency: "CRC" };
const BN: StatementTarget = { iban: "CR92015100010012345678", currency: "CRC" };
const BN_DOLLARS: StatementTarget = { ...BN, currency: "USD" };

const MAPPING: CsvMapping = {
  separator: ";",
  encoding: "utf-8",
  skipLines: 3,
  dateColumn: 1,
  dateStyle: "dd/mm/yyyy",
  decimalMark: ",",
  referenceColumn: 2,
  descriptionColumn: 3,
  debitColumn: 4,
  creditColumn: 5,
  balanceColumn: 6,
};

function read(format: StatementFormat, name: string, target: StatementTarget) {
  return readStatement(format, fixture(name), target);
}

function ok(format: StatementFormat, name: string, target: StatementTarget) {
  const result = read(format, name, target);
  if (!result.ok) throw new Error(result.refusal.message);
  return result.statement;
}

function refused(format: StatementFormat, name: string | Uint8Array, target: StatementTarget): string {
  const result = typeof name === "string" ? read(format, name, target) : readStatement(format, name, target);
  if (result.ok) throw new Error("expected a refusal");
  // Amounts are grouped with a narrow no-break space, as everywhere in the app.
  return result.refusal.message.replace(/[\u202f\u00a0]/g, " ");
}

describe("BAC Credomatic CSV (Windows-1252)", () => {
  it("reads the account block, every movement with its balance, and skips the summary rows", () => {
    const statement = ok("bac", "bac-cuenta-colones.csv", BAC);
    expect(statement.account).toBe("CR12010200009301234567");
    expect(statement.currency).toBe("CRC");
    expect(statement.opening).toBe(150_000_000n);
    expect(statement.closing).toBe(187_325_050n);
    expect(statement.lines).toHaveLength(6);
    expect(statement.lines[0]).toMatchObject({
      line: 5,
      date: "2026-11-02",
      amount: 25_000_000n,
      reference: "912345671",
      description: "SINPE MOVIL JOSÉ PÉREZ 3-101-123456 FACT 00100001010000000123",
      balance: 175_000_000n,
    });
    expect(statement.lines[1].amount).toBe(-12_500_000n);
    expect(statement.lines[2]).toMatchObject({
      amount: 100_000_000n,
      description: "DEPÓSITO EFECTIVO, SUCURSAL CURRIDABAT",
    });
    expect(statement.lines[5].amount).toBe(50n);
  });

  it("refuses a balance that does not follow, naming the line", () => {
    expect(refused("bac", "bac-saldo-no-cuadra.csv", BAC)).toBe(
      "Línea 8: el saldo ₡2 623 000,00 no corresponde al saldo anterior más el movimiento de -₡1 750,00.",
    );
  });

  it("refuses the file of another account", () => {
    expect(refused("bac", "bac-cuenta-colones.csv", { iban: "CR05015202001026284066", currency: "CRC" })).toBe(
      "El archivo es de la cuenta CR12010200009301234567, no de CR05015202001026284066. Súbalo en la cuenta bancaria que corresponde.",
    );
  });

  it("refuses a colones file on a dollar account", () => {
    expect(refused("bac", "bac-cuenta-colones.csv", { ...BAC, currency: "USD" })).toBe(
      "El archivo está en CRC y la cuenta bancaria en USD.",
    );
  });

  it("refuses a file without the account block", () => {
    const text = new TextEncoder().encode("02/11/2026,1,TF,X,0.00,1.00,1.00\r\n");
    expect(refused("bac", text, BAC)).toMatch(/bloque de la cuenta/);
  });
});

describe("Scotiabank CSV (;, ddmmyyyy, céntimos, C/D)", () => {
  it("reads each movement with its sign and the account of every row", () => {
    const statement = ok("scotiabank", "scotiabank-cuenta.csv", SCOTIABANK);
    expect(statement.account).toBe("4455667788");
    expect(statement.opening).toBeUndefined();
    expect(statement.lines.map((line) => [line.line, line.date, line.amount])).toEqual([
      [2, "2026-11-03", 35_000_000n],
      [3, "2026-11-04", -150_000n],
      [4, "2026-11-12", -8_245_000n],
      [5, "2026-11-28", 1_250_050n],
    ]);
    expect(statement.lines[1].description).toBe("COMISIÓN TRANSFERENCIA INTERNACIONAL");
  });

  it("refuses a day that does not exist, naming the line", () => {
    expect(refused("scotiabank", "scotiabank-fecha-invalida.csv", SCOTIABANK)).toBe(
      "Línea 4: la fecha «31112026» no es una fecha válida (ddmmaaaa).",
    );
  });

  it("refuses a file without Scotiabank's columns", () => {
    expect(refused("scotiabank", "bac-cuenta-colones.csv", SCOTIABANK)).toMatch(
      /^Línea 1: El archivo no es un estado de cuenta de Scotiabank: faltan las columnas TIPO_MOVIMIENTO/,
    );
  });
});

describe("generic CSV with a mapping", () => {
  it("reads a newest-first file with decimal comma, debit and credit columns and running balances", () => {
    const statement = ok("csv", "generico-punto-y-coma.csv", { ...BN, mapping: MAPPING });
    expect(statement.opening).toBe(500_000_000n);
    expect(statement.closing).toBe(431_880_000n);
    expect(statement.lines.map((line) => [line.date, line.amount, line.reference])).toEqual([
      ["2026-11-14", -100_000_000n, "54999"],
      ["2026-11-21", 32_000_000n, "55000"],
      ["2026-11-29", -120_000n, "55001"],
    ]);
  });

  it("refuses an amount the mapping cannot read, naming the line", () => {
    expect(refused("csv", "generico-punto-y-coma.csv", { ...BN, mapping: { ...MAPPING, decimalMark: "." } })).toBe(
      "Línea 4: el débito «1.200,00» no es un monto válido (decimales con «.»).",
    );
  });

  it("writes the amounts of a refusal in the account's currency", () => {
    const text = "Fecha;Doc;Detalle;Monto;Saldo\n01/11/2026;1;A;10,00;110,00\n02/11/2026;2;B;5,00;120,00\n";
    const mapping: CsvMapping = {
      ...MAPPING,
      skipLines: 1,
      amountColumn: 4,
      debitColumn: undefined,
      creditColumn: undefined,
      balanceColumn: 5,
      referenceColumn: 2,
    };
    const message = refused("csv", new TextEncoder().encode(text), { ...BN_DOLLARS, mapping });
    expect(message).toBe(
      "Línea 3: el saldo USD 120,00 no corresponde al saldo anterior más el movimiento de USD 5,00.",
    );
  });

  it("asks for a mapping first", () => {
    expect(refused("csv", "generico-punto-y-coma.csv", BN)).toMatch(/configuración de columnas/);
  });
});

describe("OFX", () => {
  it("reads OFX 1.x SGML in Windows-1252: leaves without closing tags, the ledger balance", () => {
    const statement = ok("ofx", "ofx-sgml-1.ofx", BN);
    expect(statement.account).toBe("CR92015100010012345678");
    expect(statement.closing).toBe(60_000_000n);
    expect(statement.opening).toBe(50_000_025n);
    expect(statement.lines.map((line) => [line.date, line.amount, line.reference, line.bankId])).toEqual([
      ["2026-11-04", 15_000_000n, "2026110400017", "2026110400017"],
      ["2026-11-12", -4_750_025n, "000871", "2026111200009"],
      ["2026-11-30", -250_000n, "2026113000003", "2026113000003"],
    ]);
    expect(statement.lines[0].description).toBe("SINPE JOSÉ MUÑOZ PAGO FACTURA 123");
  });

  it("reads OFX 2.x XML with entities and empty elements", () => {
    const statement = ok("ofx", "ofx-xml-2.ofx", BN_DOLLARS);
    expect(statement.currency).toBe("USD");
    expect(statement.lines.map((line) => [line.amount, line.description])).toEqual([
      [120_050n, "TRANSFERENCIA EXPORTADORA DEL SUR & CÍA"],
      [-1_500n, "CARGO SWIFT"],
    ]);
    expect(statement.opening).toBe(400_000n);
  });

  it("refuses a movement without an amount, naming its line", () => {
    const text = new TextEncoder().encode("<OFX>\n<STMTTRN>\n<DTPOSTED>20261101\n<FITID>1\n</STMTTRN>\n</OFX>\n");
    expect(refused("ofx", text, BN)).toBe("Línea 2: un movimiento no tiene monto (TRNAMT).");
  });

  it("refuses what is not OFX", () => {
    expect(refused("ofx", "scotiabank-cuenta.csv", SCOTIABANK)).toMatch(/no es un OFX/);
  });
});

describe("camt.053", () => {
  it("reads booked entries, skips pending ones, and checks opening + entries = closing", () => {
    const statement = ok("camt053", "camt053.xml", BN);
    expect(statement.opening).toBe(200_000_000n);
    expect(statement.closing).toBe(255_144_000n);
    expect(statement.lines).toHaveLength(2);
    expect(statement.lines[0]).toMatchObject({
      line: 17,
      date: "2026-11-06",
      amount: 56_500_000n,
      reference: "FE-00100001010000000456",
      bankId: "BN20261106000123",
      description: "SINPE DE SERVICIOS TÉCNICOS DEL VALLE 3-101-456789",
    });
    expect(statement.lines[1]).toMatchObject({ amount: -1_356_000n, description: "COMISIONES BANCARIAS NOVIEMBRE" });
  });

  it("refuses a closing balance the entries do not reach", () => {
    expect(refused("camt053", "camt053-saldo-no-cuadra.xml", BN)).toBe(
      "El saldo inicial ₡2 000 000,00 más los movimientos (₡551 440,00) da ₡2 551 440,00, pero el archivo indica un saldo final de ₡2 551 400,00.",
    );
  });

  it("refuses malformed XML in Spanish and a DOCTYPE outright", () => {
    expect(refused("camt053", new TextEncoder().encode("<Document><BkToCstmrStmt></Document>"), BN)).toMatch(
      /^El XML está mal formado/,
    );
    expect(refused("camt053", new TextEncoder().encode('<!DOCTYPE x [<!ENTITY a "b">]><Document/>'), BN)).toMatch(
      /seguridad/,
    );
  });

  it("refuses an entry without CRDT or DBIT, naming its line", () => {
    const xml = fixture("camt053.xml");
    const broken = new TextDecoder()
      .decode(xml)
      .replace("<CdtDbtInd>DBIT</CdtDbtInd><Sts>", "<CdtDbtInd>X</CdtDbtInd><Sts>");
    expect(refused("camt053", new TextEncoder().encode(broken), BN)).toBe(
      "Línea 24: el monto no indica CRDT o DBIT (CdtDbtInd «X»).",
    );
  });
});

it("refuses an empty file", () => {
  expect(refused("bac", new Uint8Array(), BAC)).toBe("El archivo está vacío.");
});
