/**
 * OFX bank statements (docs/domain/bank-statements.md §2), SGML 1.x and XML 2.x alike: a scanner reads
 * «tag, then text up to the next <», so SGML leaves without closing tags and XML's closed ones look the
 * same. Reads the account, currency, each STMTTRN and the LEDGERBAL closing balance.
 */
import { decodeXmlBytes } from "../hacienda/decode";
import { cents, type Cents } from "../money";
import { decodeText, parseStatementAmount, requireDate } from "./fields";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_STATEMENT_LINES,
  StatementRefusal,
  currencyOf,
  cut,
  type ParsedStatement,
  type StatementLine,
} from "./statement";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function unescape(text: string): string {
  return text.replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith("#") ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? whole),
  );
}

function decodeOfx(bytes: Uint8Array): string {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 400));
  if (/^\uFEFF?\s*<\?xml/.test(head) || head.startsWith("\u00ef\u00bb\u00bf")) return decodeXmlBytes(bytes);
  return decodeText(bytes, /CHARSET:\s*(NONE|UTF-?8)|ENCODING:\s*UTF-?8/i.test(head) ? "utf-8" : "windows-1252");
}

function lineAt(text: string, offset: number, starts: number[]): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function requireOfxAmount(text: string, line: number, what: string): Cents {
  const mark = text.includes(",") && !text.includes(".") ? "," : ".";
  const amount = parseStatementAmount(text, mark);
  if (amount === null) throw new StatementRefusal(`el ${what} «${text}» no es un monto válido.`, line);
  return amount;
}

export function parseOfx(bytes: Uint8Array): ParsedStatement {
  const text = decodeOfx(bytes);
  if (!/<OFX>/i.test(text)) throw new StatementRefusal("El archivo no es un OFX: no tiene el elemento <OFX>.");
  const starts = [0];
  for (let index = text.indexOf("\n"); index >= 0; index = text.indexOf("\n", index + 1)) starts.push(index + 1);

  const stack: string[] = [];
  const accounts = new Set<string>();
  let currency: string | undefined;
  let closing: Cents | undefined;
  let transaction: { line: number; fields: Map<string, string> } | null = null;
  const lines: StatementLine[] = [];
  const tag = /<(\/?)([A-Za-z0-9.]+)(?:\s[^>]*)?>([^<]*)/g;

  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [, closingTag, rawName, rawValue] = match;
    const name = rawName.toUpperCase();
    if (closingTag) {
      const at = stack.lastIndexOf(name);
      if (at >= 0) stack.length = at;
      if (name === "STMTTRN" && transaction) {
        lines.push(readTransaction(transaction.line, transaction.fields));
        if (lines.length > MAX_STATEMENT_LINES)
          throw new StatementRefusal(
            `El archivo tiene más de ${MAX_STATEMENT_LINES.toLocaleString("es-CR")} movimientos; divídalo por período.`,
          );
        transaction = null;
      }
      continue;
    }
    const value = unescape(rawValue.trim());
    if (value === "") {
      stack.push(name);
      if (name === "STMTTRN") transaction = { line: lineAt(text, match.index, starts), fields: new Map() };
      continue;
    }
    if (transaction) transaction.fields.set(name, value);
    else if (name === "ACCTID" && (stack.includes("BANKACCTFROM") || stack.includes("CCACCTFROM"))) accounts.add(value);
    else if (name === "CURDEF") currency = value;
    else if (name === "BALAMT" && stack.includes("LEDGERBAL"))
      closing = requireOfxAmount(value, lineAt(text, match.index, starts), "saldo");
  }
  if (transaction) throw new StatementRefusal("un movimiento <STMTTRN> no está cerrado.", transaction.line);
  if (accounts.size > 1)
    throw new StatementRefusal("El archivo trae movimientos de varias cuentas; descargue un archivo por cuenta.");
  if (lines.length === 0) throw new StatementRefusal("El archivo no tiene movimientos.");
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.line - b.line));
  const total = lines.reduce((sum, line) => sum + line.amount, 0n);
  return {
    account: [...accounts][0],
    currency: currencyOf(currency),
    // OFX states only the closing balance; the opening is what it implies.
    ...(closing === undefined ? {} : { opening: cents(closing - total), closing }),
    lines,
  };
}

function readTransaction(line: number, fields: Map<string, string>): StatementLine {
  const posted = fields.get("DTPOSTED");
  if (!posted) throw new StatementRefusal("un movimiento no tiene fecha (DTPOSTED).", line);
  const amountText = fields.get("TRNAMT");
  if (!amountText) throw new StatementRefusal("un movimiento no tiene monto (TRNAMT).", line);
  const name = fields.get("NAME") ?? "";
  const memo = fields.get("MEMO") ?? "";
  const fitid = fields.get("FITID");
  return {
    line,
    date: requireDate(posted, "yyyymmdd", line),
    amount: requireOfxAmount(amountText, line, "monto"),
    description: cut(memo && name && !memo.includes(name) ? `${name} ${memo}` : memo || name, MAX_DESCRIPTION_LENGTH),
    reference: cut(fields.get("CHECKNUM") ?? fields.get("REFNUM") ?? fitid ?? "", MAX_REFERENCE_LENGTH),
    ...(fitid ? { bankId: cut(fitid, MAX_REFERENCE_LENGTH) } : {}),
  };
}
