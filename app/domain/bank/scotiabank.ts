/**
 * Scotiabank Costa Rica account CSV (docs/domain/bank-statements.md §1): `;`-separated, a header row naming
 * TIPO_MOVIMIENTO (C money in, D money out), MONEDA, NUMERO_CUENTA, REFERENCIA, FECHA (ddmmyyyy), MONTO
 * (integer céntimos, unsigned) and CONCEPTO. No balances.
 */
import { cents } from "../money";
import { decodeText, isBlankRow, requireDate, splitCsv } from "./fields";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_REFERENCE_LENGTH,
  StatementRefusal,
  currencyOf,
  cut,
  type ParsedStatement,
  type StatementLine,
} from "./statement";

const COLUMNS = ["TIPO_MOVIMIENTO", "MONEDA", "NUMERO_CUENTA", "REFERENCIA", "FECHA", "MONTO", "CONCEPTO"] as const;

export function parseScotiabank(bytes: Uint8Array): ParsedStatement {
  const rows = splitCsv(decodeText(bytes, "windows-1252"), ";").filter((row) => !isBlankRow(row));
  const [header, ...data] = rows;
  const names = (header?.cells ?? []).map((cell) => cell.trim().toUpperCase());
  const index = Object.fromEntries(COLUMNS.map((name) => [name, names.indexOf(name)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const missing = COLUMNS.filter((name) => index[name] < 0);
  if (missing.length > 0)
    throw new StatementRefusal(
      `El archivo no es un estado de cuenta de Scotiabank: faltan las columnas ${missing.join(", ")}.`,
      header?.line,
    );

  let account: string | undefined;
  let currencyText: string | undefined;
  const lines: StatementLine[] = data.map((row) => {
    const cell = (name: (typeof COLUMNS)[number]) => (row.cells[index[name]] ?? "").trim();
    const rowAccount = cell("NUMERO_CUENTA");
    account ??= rowAccount;
    if (rowAccount !== account)
      throw new StatementRefusal(`la cuenta ${rowAccount} no es la de las líneas anteriores (${account}).`, row.line);
    currencyText ??= cell("MONEDA");
    const amountText = cell("MONTO");
    if (!/^\d{1,15}$/.test(amountText))
      throw new StatementRefusal(`el monto «${amountText}» debe ser un número entero de céntimos.`, row.line);
    const kind = cell("TIPO_MOVIMIENTO").toUpperCase();
    if (kind !== "C" && kind !== "D")
      throw new StatementRefusal(`el tipo de movimiento «${kind}» debe ser C (crédito) o D (débito).`, row.line);
    const magnitude = BigInt(amountText);
    return {
      line: row.line,
      date: requireDate(cell("FECHA"), "ddmmyyyy", row.line),
      amount: cents(kind === "C" ? magnitude : -magnitude),
      description: cut(cell("CONCEPTO"), MAX_DESCRIPTION_LENGTH),
      reference: cut(cell("REFERENCIA"), MAX_REFERENCE_LENGTH),
    };
  });
  if (lines.length === 0) throw new StatementRefusal("El archivo no tiene movimientos.");
  return { account, currency: currencyOf(currencyText), lines };
}
