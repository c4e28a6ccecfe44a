import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import {
  MAX_OPENING_FILE_BYTES,
  MAX_OPENING_LINES,
  OPENING_MESSAGES,
  SHOWN_OPENING_ERRORS,
  readOpeningCsv,
  shownOpeningErrors,
} from "./opening-import";

const TODAY = "2026-11-26" as CalendarDate;
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readOpeningCsv(bytes(text), TODAY);
const HEADER = "cédula,documento,fecha,vencimiento,monto";

describe("readOpeningCsv", () => {
  it("reads every line with its line number, ISO or dd/mm/aaaa dates, decimal comma or dot, BOM and CRLF", () => {
    const result = read(
      `\uFEFF${HEADER},nombre\r\n3101123456,FE-1,2025-12-15,2026-01-14,1234.50,\r\n` +
        `\r\n110230456,"FE-2",31/12/2025,31/01/2026,"1 000,25",Ana Mora\r\n`,
    );
    expect(result).toEqual({
      errors: [],
      rows: [
        {
          line: 2,
          cedula: "3101123456",
          documento: "FE-1",
          fecha: "2025-12-15",
          dueDate: "2026-01-14",
          amount: 123_450n,
        },
        {
          line: 4,
          cedula: "110230456",
          nombre: "Ana Mora",
          documento: "FE-2",
          fecha: "2025-12-31",
          dueDate: "2026-01-31",
          amount: 100_025n,
        },
      ],
    });
  });

  it("accepts the semicolon a Spanish spreadsheet writes, and titles without accents in any case", () => {
    const result = read("CEDULA;Documento;Fecha;Vencimiento;Monto\n3-101-123456;A1;01/12/2025;01/12/2025;5000,00\n");
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => [row.cedula, row.amount])).toEqual([["3101123456", 500_000n]]);
  });

  it("refuses the whole file with one message per line and field at fault", () => {
    const result = read(
      [
        HEADER,
        "3101123456,FE-1,2025-12-15,2025-12-01,100",
        "12,FE-2,2025-02-30,2026-01-01,-5",
        "3101123456,,2025-12-15,2026-01-01,0",
        "3101123456,FE-1,2025-12-15,2026-01-01,100",
        "3101123456,FE-9",
        `3101123456,${"x".repeat(51)},2025-12-15,2026-01-01,1.234`,
        "3101123456,FE-10,2025-12-15,2026-01-01,1000000000000",
      ].join("\n"),
    );
    expect(result).toEqual({
      rows: [],
      errors: [
        "Línea 2, vencimiento: el vencimiento es anterior a la fecha.",
        "Línea 3, cédula: la cédula debe tener de 9 a 12 dígitos, sin guiones.",
        "Línea 3, fecha: la fecha 30/02/2025 no existe.",
        "Línea 3, monto: el monto no puede ser negativo.",
        "Línea 4, documento: el documento es obligatorio y admite como máximo 50 caracteres.",
        "Línea 4, monto: el monto debe ser mayor que cero.",
        "Línea 5, documento: el documento se repite (ya está en la línea 2).",
        "Línea 6: trae 2 columnas y se esperan 5 o 6.",
        "Línea 7, documento: el documento es obligatorio y admite como máximo 50 caracteres.",
        "Línea 7, monto: escriba el monto con coma decimal, por ejemplo 1234,56.",
        "Línea 8, monto: el monto supera ₡999 999 999 999,99.",
      ],
    });
  });

  it("refuses a file without the titles, without lines, with an open quote, or not in UTF-8", () => {
    expect(read("")).toEqual({ rows: [], errors: [OPENING_MESSAGES.empty] });
    expect(read("cedula,documento,monto\n1,2,3")).toEqual({ rows: [], errors: [OPENING_MESSAGES.header] });
    expect(read(`${HEADER}\n`)).toEqual({ rows: [], errors: [OPENING_MESSAGES.noLines] });
    expect(read(`${HEADER}\n3101123456,"FE-1,2025-12-15,2026-01-01,100\n`)).toEqual({
      rows: [],
      errors: ["Línea 2: tiene comillas sin cerrar."],
    });
    expect(readOpeningCsv(new Uint8Array([0x63, 0xe9, 0x64]), TODAY)).toEqual({
      rows: [],
      errors: [OPENING_MESSAGES.encoding],
    });
  });

  it("bounds the file's size and its number of lines before reading the lines", () => {
    expect(readOpeningCsv(new Uint8Array(MAX_OPENING_FILE_BYTES + 1), TODAY)).toEqual({
      rows: [],
      errors: [OPENING_MESSAGES.tooLarge],
    });
    const line = "3101123456,D,2025-12-15,2026-01-01,1";
    const many = [HEADER, ...Array.from({ length: MAX_OPENING_LINES + 1 }, () => line)].join("\n");
    expect(read(many)).toEqual({ rows: [], errors: [OPENING_MESSAGES.tooManyLines] });
    const most = [HEADER, ...Array.from({ length: MAX_OPENING_LINES }, (_, i) => line.replace(",D,", `,D${i},`))];
    const result = read(most.join("\n"));
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(MAX_OPENING_LINES);
  });

  it("lists the first errors and counts the rest", () => {
    const errors = Array.from({ length: SHOWN_OPENING_ERRORS + 2 }, (_, i) => `Línea ${i + 2}: x.`);
    const shown = shownOpeningErrors(errors);
    expect(shown).toHaveLength(SHOWN_OPENING_ERRORS + 1);
    expect(shown.at(-1)).toBe("Y 2 errores más en otras líneas.");
    expect(shownOpeningErrors(errors.slice(0, SHOWN_OPENING_ERRORS + 1)).at(-1)).toBe("Y 1 error más en otras líneas.");
  });
});
