/**
 * Any bank's CSV read through a mapping saved per bank account (docs/domain/bank-statements.md §4): the
 * separator, encoding, lines to skip, the 1-based columns of date, description, reference and balance,
 * one signed amount or a debit and a credit column, the date style and the decimal mark.
 */
import { z } from "zod";
import { cents, type Cents } from "../money";
import { chainBalances } from "./checks";
import { DATE_STYLES, decodeText, isBlankRow, requireAmount, requireDate, splitCsv } from "./fields";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_REFERENCE_LENGTH,
  StatementRefusal,
  cut,
  type ParsedStatement,
  type StatementCurrency,
  type StatementLine,
} from "./statement";

export const MAX_MAPPED_COLUMN = 40;
export const MAX_SKIPPED_LINES = 50;

const column = z.coerce
  .number({ invalid_type_error: "Escriba el número de la columna." })
  .int("Escriba el número de la columna.")
  .min(1, "Las columnas se cuentan desde 1.")
  .max(MAX_MAPPED_COLUMN, `Las columnas llegan hasta la ${MAX_MAPPED_COLUMN}.`);

export const csvMappingSchema = z
  .object({
    separator: z.enum([",", ";", "\t"]),
    encoding: z.enum(["utf-8", "windows-1252"]),
    skipLines: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_SKIPPED_LINES, `Se pueden saltar como máximo ${MAX_SKIPPED_LINES} líneas.`),
    dateColumn: column,
    dateStyle: z.enum(DATE_STYLES),
    decimalMark: z.enum([",", "."]),
    descriptionColumn: column,
    referenceColumn: column.optional(),
    balanceColumn: column.optional(),
    amountColumn: column.optional(),
    debitColumn: column.optional(),
    creditColumn: column.optional(),
  })
  .refine(
    (mapping) =>
      (mapping.amountColumn !== undefined) !==
      (mapping.debitColumn !== undefined && mapping.creditColumn !== undefined),
    {
      message: "Indique una columna de monto con signo, o bien una columna de débitos y otra de créditos.",
      path: ["amountColumn"],
    },
  );

export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** `currency`: the bank account's, for amounts in refusals (the file does not say). */
export function parseMappedCsv(bytes: Uint8Array, mapping: CsvMapping, currency?: StatementCurrency): ParsedStatement {
  const rows = splitCsv(decodeText(bytes, mapping.encoding), mapping.separator).slice(mapping.skipLines);
  const cell = (cells: string[], position: number | undefined) =>
    position === undefined ? "" : (cells[position - 1] ?? "").trim();
  const lines: StatementLine[] = [];
  for (const row of rows) {
    // Totals and titles («Totales», «Saldo final») carry no digit where the date goes.
    if (isBlankRow(row) || !/\d/.test(cell(row.cells, mapping.dateColumn))) continue;
    let amount: Cents;
    if (mapping.amountColumn !== undefined)
      amount = requireAmount(cell(row.cells, mapping.amountColumn), mapping.decimalMark, row.line, "monto");
    else {
      const debit = requireAmount(cell(row.cells, mapping.debitColumn), mapping.decimalMark, row.line, "débito", true);
      const credit = requireAmount(
        cell(row.cells, mapping.creditColumn),
        mapping.decimalMark,
        row.line,
        "crédito",
        true,
      );
      // Some banks print debits negative in their own column: the column says the direction.
      amount = cents((credit < 0n ? -credit : credit) - (debit < 0n ? -debit : debit));
    }
    const balanceText = cell(row.cells, mapping.balanceColumn);
    lines.push({
      line: row.line,
      date: requireDate(cell(row.cells, mapping.dateColumn), mapping.dateStyle, row.line),
      amount,
      description: cut(cell(row.cells, mapping.descriptionColumn), MAX_DESCRIPTION_LENGTH),
      reference: cut(cell(row.cells, mapping.referenceColumn), MAX_REFERENCE_LENGTH),
      ...(mapping.balanceColumn === undefined
        ? {}
        : { balance: requireAmount(balanceText, mapping.decimalMark, row.line, "saldo") }),
    });
  }
  if (lines.length === 0)
    throw new StatementRefusal(
      "El archivo no tiene movimientos con la configuración de columnas de esta cuenta; revise la columna de la fecha y las líneas a saltar.",
    );
  if (mapping.balanceColumn === undefined) return { lines };
  const chained = chainBalances(lines, currency)!;
  return { opening: chained.opening, closing: chained.closing, lines: chained.lines };
}
