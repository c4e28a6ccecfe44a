/** Money and other Hacienda decimals as people read them (es-CR), exact from Amounts. */
import { formatAmount, type Amount } from "./amount";

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat("es-CR", {
        style: "currency",
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      formatter = new Intl.NumberFormat("es-CR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * "₡1 234,56": rounded to the céntimo (half away from zero) and formatted from the exact decimal
 * text, so no binary float ever touches the amount.
 */
export function formatMoney(amount: Amount, currency = "CRC"): string {
  const text = formatAmount(amount, 2);
  // Intl formats a decimal string exactly; the cast is for TypeScript's older lib signature.
  return formatterFor(currency).format(text as unknown as number);
}

export function formatColones(amount: Amount): string {
  return formatMoney(amount, "CRC");
}

/** What a money field shows for people to edit: decimal comma, no grouping ("1234,56"). */
export function formatMoneyInput(amount: Amount, decimals = 2): string {
  return formatAmount(amount, decimals).replace(".", ",");
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** A rate or percentage as written in the XML ("13.00" → "13 %"). */
export function formatPercent(text: string | undefined): string {
  if (!text) return "";
  return `${trimZeros(text).replace(".", ",")} %`;
}

/** A quantity as written in the XML ("2.000" → "2", "1.500" → "1,5"). */
export function formatQuantity(text: string | undefined): string {
  if (!text) return "";
  return trimZeros(text).replace(".", ",");
}

/** The exchange rate with its 5 decimals trimmed to what matters ("507.43000" → "507,43"). */
export function formatExchangeRate(rate: Amount): string {
  const text = trimZeros(formatAmount(rate));
  const [integer, fraction] = text.split(".");
  return fraction ? `${integer},${fraction.padEnd(2, "0")}` : integer;
}
