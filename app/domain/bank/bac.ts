/**
 * BAC Credomatic account CSV (docs/domain/bank-statements.md §1): Windows-1252, an account block (header
 * row, values row: customer, name, product = account, currency, initial balance, …), a blank row, then the
 * transactions block (date dd/mm/yyyy, reference, codes, description, debit, credit, balance). Rows
 * without a balance are the block's summary, not movements.
 */
import { cents } from "../money";
import { chainBalances } from "./checks";
import { decodeText, isBlankRow, requireAmount, requireDate, splitCsv } from "./fields";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_REFERENCE_LENGTH,
  StatementRefusal,
  currencyOf,
  cut,
  type ParsedStatement,
  type StatementLine,
} from "./statement";

const ACCOUNT = { product: 2, currency: 3, initialBalance: 4 } as const;
const TRANSACTION = { date: 0, reference: 1, codes: 2, description: 3, debit: 4, credit: 5, balance: 6 } as const;

export function parseBac(bytes: Uint8Array): ParsedStatement {
  const rows = splitCsv(decodeText(bytes, "windows-1252"), ",");
  const [, accountRow, ...rest] = rows;
  if (!accountRow || accountRow.cells.length <= ACCOUNT.initialBalance || isBlankRow(accountRow))
    throw new StatementRefusal(
      "El archivo no tiene el bloque de la cuenta de un estado de BAC (encabezado y una fila con la cuenta).",
    );
  const headerIndex = rest.findIndex((row) => !isBlankRow(row));
  if (headerIndex < 0) throw new StatementRefusal("El archivo no tiene movimientos.");
  const header = rest[headerIndex];
  if (header.cells.length <= TRANSACTION.balance)
    throw new StatementRefusal(
      "el encabezado de los movimientos debe tener 7 columnas (fecha, referencia, códigos, descripción, débito, crédito, saldo).",
      header.line,
    );

  const lines: StatementLine[] = [];
  for (const row of rest.slice(headerIndex + 1)) {
    const balanceCell = row.cells[TRANSACTION.balance]?.trim() ?? "";
    if (balanceCell === "") continue;
    const debit = requireAmount(row.cells[TRANSACTION.debit], ".", row.line, "débito", true);
    const credit = requireAmount(row.cells[TRANSACTION.credit], ".", row.line, "crédito", true);
    if (debit < 0n || credit < 0n)
      throw new StatementRefusal("el débito y el crédito se escriben sin signo.", row.line);
    if (debit !== 0n && credit !== 0n)
      throw new StatementRefusal("una línea tiene débito y crédito a la vez.", row.line);
    lines.push({
      line: row.line,
      date: requireDate(row.cells[TRANSACTION.date], "dd/mm/yyyy", row.line),
      amount: cents(credit - debit),
      description: cut(row.cells[TRANSACTION.description] ?? "", MAX_DESCRIPTION_LENGTH),
      reference: cut(row.cells[TRANSACTION.reference] ?? "", MAX_REFERENCE_LENGTH),
      balance: requireAmount(balanceCell, ".", row.line, "saldo"),
    });
  }
  if (lines.length === 0) throw new StatementRefusal("El archivo no tiene movimientos.");

  const chained = chainBalances(lines, currencyOf(accountRow.cells[ACCOUNT.currency]))!;
  const initialCell = accountRow.cells[ACCOUNT.initialBalance].trim();
  const initial =
    initialCell === "" ? chained.opening : requireAmount(initialCell, ".", accountRow.line, "saldo inicial");
  if (initial !== chained.opening)
    throw new StatementRefusal(
      "el saldo del primer movimiento no corresponde al saldo inicial de la cuenta más ese movimiento.",
      chained.lines[0].line,
    );
  return {
    account: accountRow.cells[ACCOUNT.product].trim(),
    currency: currencyOf(accountRow.cells[ACCOUNT.currency]),
    opening: initial,
    closing: chained.closing,
    lines: chained.lines,
  };
}
