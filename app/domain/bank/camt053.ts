/**
 * ISO 20022 camt.053 bank-to-customer statements (docs/domain/bank-statements.md §3), any version from
 * 001.02: the account (IBAN or other id), OPBD/PRCD and CLBD balances, and each booked entry with its
 * CRDT/DBIT direction. Several Stmt of the same account (daily statements in one file) are read in order.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decodeXmlBytes } from "../hacienda/decode";
import { xmlParserMessage, xmlValidatorMessage } from "../hacienda/xml-errors";
import { cents, parseDecimal, type Cents } from "../money";
import { checkOpeningAndClosing } from "./checks";
import { requireDate } from "./fields";
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

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => ["Stmt", "Bal", "Ntry", "NtryDtls", "TxDtls", "Ustrd"].includes(name),
});

function node(value: unknown): Node | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
}

/** The text at a path of element names («#text» when the element also has attributes). */
function text(value: unknown, ...path: string[]): string | undefined {
  let current: unknown = value;
  for (const name of path) {
    const here = Array.isArray(current) ? current[0] : current;
    current = node(here)?.[name];
  }
  if (Array.isArray(current)) current = current[0];
  if (typeof current === "string") return current;
  const inner = node(current)?.["#text"];
  return typeof inner === "string" ? inner : undefined;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function signedAmount(holder: unknown, line: number | undefined, what: string): Cents {
  const amountText = text(holder, "Amt");
  const magnitude = amountText === undefined ? null : parseDecimal(amountText, 2);
  if (magnitude === null || magnitude < 0n)
    throw new StatementRefusal(`el ${what} «${amountText ?? ""}» no es un monto válido.`, line);
  const indicator = text(holder, "CdtDbtInd");
  if (indicator !== "CRDT" && indicator !== "DBIT")
    throw new StatementRefusal(`el ${what} no indica CRDT o DBIT (CdtDbtInd «${indicator ?? ""}»).`, line);
  return cents(indicator === "CRDT" ? magnitude : -magnitude);
}

function balance(statement: Node, codes: string[]): Cents | undefined {
  for (const code of codes) {
    const found = list(statement.Bal).find((entry) => text(entry, "Tp", "CdOrPrtry", "Cd") === code);
    if (found) return signedAmount(found, undefined, `saldo ${code}`);
  }
  return undefined;
}

function entryLines(xml: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let last = 0;
  for (const match of xml.matchAll(/<(?:[\w.-]+:)?Ntry[\s>]/g)) {
    for (let index = last; index < match.index; index += 1) if (xml.charCodeAt(index) === 10) line += 1;
    last = match.index;
    lines.push(line);
  }
  return lines;
}

export function parseCamt053(bytes: Uint8Array): ParsedStatement {
  const xml = decodeXmlBytes(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new StatementRefusal("El XML declara un DOCTYPE o entidades; se rechaza por seguridad.");
  const validation = XMLValidator.validate(xml);
  if (validation !== true) throw new StatementRefusal(xmlValidatorMessage(validation.err));
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch (error) {
    throw new StatementRefusal(xmlParserMessage(error));
  }
  const statements = list(node(node(node(parsed)?.Document)?.BkToCstmrStmt)?.Stmt).map((entry) => node(entry) ?? {});
  if (statements.length === 0)
    throw new StatementRefusal("El archivo no es un estado camt.053: no tiene Document/BkToCstmrStmt/Stmt.");

  const positions = entryLines(xml);
  let entryIndex = 0;
  const accounts = new Set<string>();
  let currency: string | undefined;
  let opening: Cents | undefined;
  let closing: Cents | undefined;
  const lines: StatementLine[] = [];
  for (const statement of statements) {
    const account = text(statement, "Acct", "Id", "IBAN") ?? text(statement, "Acct", "Id", "Othr", "Id");
    if (account) accounts.add(account);
    currency ??= text(statement, "Acct", "Ccy");
    const own: StatementLine[] = [];
    for (const entry of list(statement.Ntry)) {
      const line = positions[entryIndex++] ?? 1;
      const status = text(entry, "Sts", "Cd") ?? text(entry, "Sts");
      if (status !== undefined && status !== "BOOK") continue;
      const date = text(entry, "BookgDt", "Dt") ?? text(entry, "BookgDt", "DtTm") ?? text(entry, "ValDt", "Dt");
      if (!date) throw new StatementRefusal("un movimiento no tiene fecha contable (BookgDt).", line);
      const details = text(entry, "NtryDtls", "TxDtls", "RmtInf", "Ustrd");
      const bankId = text(entry, "AcctSvcrRef") ?? text(entry, "NtryRef");
      own.push({
        line,
        date: requireDate(date, "yyyy-mm-dd", line),
        amount: signedAmount(entry, line, "monto"),
        description: cut(details ?? text(entry, "AddtlNtryInf") ?? "", MAX_DESCRIPTION_LENGTH),
        reference: cut(
          text(entry, "NtryDtls", "TxDtls", "Refs", "EndToEndId") ?? text(entry, "NtryRef") ?? bankId ?? "",
          MAX_REFERENCE_LENGTH,
        ),
        ...(bankId ? { bankId: cut(bankId, MAX_REFERENCE_LENGTH) } : {}),
      });
      if (lines.length + own.length > MAX_STATEMENT_LINES)
        throw new StatementRefusal(
          `El archivo tiene más de ${MAX_STATEMENT_LINES.toLocaleString("es-CR")} movimientos; divídalo por período.`,
        );
    }
    const part = { opening: balance(statement, ["OPBD", "PRCD"]), closing: balance(statement, ["CLBD"]), lines: own };
    checkOpeningAndClosing(part, currencyOf(currency));
    opening ??= part.opening;
    closing = part.closing ?? closing;
    lines.push(...own);
  }
  if (accounts.size > 1)
    throw new StatementRefusal("El archivo trae estados de varias cuentas; descargue un archivo por cuenta.");
  if (lines.length === 0) throw new StatementRefusal("El archivo no tiene movimientos contabilizados.");
  const statement: ParsedStatement = { account: [...accounts][0], currency: currencyOf(currency), lines };
  if (statements.length === 1 || (opening !== undefined && closing !== undefined))
    Object.assign(statement, { opening, closing });
  return statement;
}
