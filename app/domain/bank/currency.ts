/**
 * A bank account's book figures in the account's own currency (decision 307). A colones account reads
 * the colones of its ledger leaf. A dollar account maps to a leaf kept in US$ (decision 282), whose lines
 * carry their dollars; its statement is in US$, so matching and the conciliación read those dollars, to
 * the cent as a statement states them, and leave out the leaf's lines in colones only (the month-end
 * revaluation, a realised difference's céntimos), which move no dollar the bank could show.
 */
import { amountToCents, type Amount } from "../money";

export type BankCurrency = "CRC" | "USD";

/** A book figure: its colones in céntimos and its dollars in Amount units, both signed alike. */
export interface BookFigure {
  amount: bigint;
  dollars: Amount;
}

/** The figure in the bank account's currency, in céntimos of that currency. */
export function inBankCurrency(currency: BankCurrency, figure: BookFigure): bigint {
  return currency === "USD" ? amountToCents(figure.dollars) : figure.amount;
}

/** The book lines as the bank account's statement shows them: amounts in its currency, nothing that moves none. */
export function bookLinesInBankCurrency<T extends BookFigure>(currency: BankCurrency, lines: readonly T[]): T[] {
  if (currency === "CRC") return [...lines];
  return lines.flatMap((line) => {
    const amount = inBankCurrency(currency, line);
    return amount === 0n ? [] : [{ ...line, amount }];
  });
}
