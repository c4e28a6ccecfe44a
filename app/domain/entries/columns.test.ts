import { describe, expect, it } from "vitest";
import {
  ENTRY_COLUMNS,
  ENTRY_COLUMN_IDS,
  MOVEMENT_COLUMNS,
  MOVEMENT_COLUMN_IDS,
  csvHeader,
  csvLine,
  csvText,
  screenCell,
  xlsxCell,
  type EntryRowSource,
} from "./columns";

const draft: EntryRowSource = {
  date: "2025-10-31",
  description: '=HYPERLINK("http://mal")',
  reference: "Factura 12, octubre",
  source: { kind: "comprobante" },
  status: "borrador",
  lines: [
    { debit: 123456n, credit: 0n },
    { debit: 0n, credit: 100000n },
  ],
};
const reversed: EntryRowSource = {
  ...draft,
  number: "2025-000007",
  status: "contabilizado",
  reversedBy: "x",
  description: "Alquiler",
  lines: [
    { debit: 5000n, credit: 0n },
    { debit: 0n, credit: 5000n },
  ],
};

describe("entry columns", () => {
  it("give typed values: dates, exact céntimos, Spanish labels", () => {
    expect(ENTRY_COLUMN_IDS).toEqual([
      "fecha",
      "numero",
      "descripcion",
      "referencia",
      "origen",
      "estado",
      "debitos",
      "creditos",
    ]);
    expect(ENTRY_COLUMNS.fecha.value(draft)).toBe("2025-10-31");
    expect(ENTRY_COLUMNS.debitos.value(draft)).toBe(123456n);
    expect(ENTRY_COLUMNS.creditos.value(draft)).toBe(100000n);
    expect(ENTRY_COLUMNS.estado.value(draft)).toBe("Borrador");
    expect(ENTRY_COLUMNS.estado.value(reversed)).toBe("Revertido");
    expect(ENTRY_COLUMNS.origen.value(draft)).toBe("Comprobante");
  });

  it("show dd/mm/aaaa and es-CR colones on screen", () => {
    expect(screenCell(ENTRY_COLUMNS.fecha, draft)).toBe("31/10/2025");
    expect(screenCell(ENTRY_COLUMNS.debitos, draft).replace(/\s/g, " ")).toBe("₡1 234,56");
  });

  it("write ISO dates and plain decimals in CSV, quoting and defusing text", () => {
    const columns = ENTRY_COLUMN_IDS.map((id) => ENTRY_COLUMNS[id]);
    expect(csvHeader(columns)).toBe("Fecha,Número,Descripción,Referencia,Origen,Estado,Débitos,Créditos");
    expect(csvLine(columns, draft)).toBe(
      `2025-10-31,,"'=HYPERLINK(""http://mal"")","Factura 12, octubre",Comprobante,Borrador,1234.56,1000.00`,
    );
    expect(csvText("-5")).toBe("'-5");
  });

  it("put real dates and numbers in XLSX cells", () => {
    expect(xlsxCell(ENTRY_COLUMNS.fecha, draft)).toEqual(new Date(Date.UTC(2025, 9, 31)));
    expect(xlsxCell(ENTRY_COLUMNS.debitos, draft)).toBe(1234.56);
    expect(xlsxCell(ENTRY_COLUMNS.numero, reversed)).toBe("2025-000007");
  });
});

describe("movement columns", () => {
  it("carry the running balance with its sign", () => {
    const row = {
      date: "2025-10-02",
      number: "2025-000001",
      description: "Pago",
      account: "10-01-01-01-00",
      lineDescription: "",
      debit: 0n,
      credit: 2550n,
      balance: -2550n,
    };
    expect(MOVEMENT_COLUMN_IDS).toEqual([
      "fecha",
      "numero",
      "cuenta",
      "descripcion",
      "detalle",
      "debito",
      "credito",
      "saldo",
    ]);
    const columns = MOVEMENT_COLUMN_IDS.map((id) => MOVEMENT_COLUMNS[id]);
    expect(csvLine(columns, row)).toBe("2025-10-02,2025-000001,10-01-01-01-00,Pago,,0.00,25.50,-25.50");
    expect(xlsxCell(MOVEMENT_COLUMNS.saldo, row)).toBe(-25.5);
  });
});
