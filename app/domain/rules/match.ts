import type { RuleMatch } from "../booking/rule-match";
import type { CompactLine as LineaDetalle, ReceiptFacts as ElectronicReceipt } from "../receipts/compact";
import { parseAmount, type Amount } from "../money";
import { searchText } from "../text";
import { CONDITION_FIELDS } from "./fields";
import type { ReceptionRule, RuleCondition } from "./types";

type DocumentTest = (receipt: ElectronicReceipt) => boolean;
type LineTest = (line: LineaDetalle) => boolean;

interface CompiledRule {
  documentTests: DocumentTest[];
  lineTests: LineTest[];
}

const NEVER = () => false;

// A month's receipts repeat the same names and line texts across 50 rules: each is folded once.
const folded = new Map<string, string>();
const FOLDED_MAX = 20_000;

function fold(text: string): string {
  let result = folded.get(text);
  if (result === undefined) {
    if (folded.size >= FOLDED_MAX) folded.clear();
    result = searchText(text);
    folded.set(text, result);
  }
  return result;
}

function textTest(operator: RuleCondition["operator"], wanted: string): (text: string | undefined) => boolean {
  const needle = searchText(wanted);
  if (needle === "") return NEVER;
  if (operator === "equals") return (text) => text !== undefined && fold(text) === needle;
  if (operator === "contains") return (text) => text !== undefined && fold(text).includes(needle);
  if (operator === "startsWith") return (text) => text !== undefined && fold(text).startsWith(needle);
  return NEVER;
}

function amountTest(operator: RuleCondition["operator"], wanted: string): (amount: Amount) => boolean {
  const limit = parseAmount(wanted.trim());
  if (limit === null) return NEVER;
  if (operator === "gte") return (amount) => amount >= limit;
  if (operator === "lte") return (amount) => amount <= limit;
  return NEVER;
}

/** Cédulas compare by their digits, so "3-101-123456" finds 3101123456. */
function cedulaText(text: string): string {
  const digits = text.replace(/[\s-]/g, "");
  return digits === "" ? text : digits;
}

function compileDocumentCondition(condition: RuleCondition): DocumentTest {
  const { operator, value } = condition;
  switch (condition.field) {
    case "emisorCedula": {
      const test = textTest(operator, cedulaText(value));
      return (receipt) => test(receipt.emisor.identificacion?.numero ?? receipt.emisor.identificacionExtranjero);
    }
    case "emisorNombre": {
      const test = textTest(operator, value);
      return (receipt) => test(receipt.emisor.nombre) || test(receipt.emisor.nombreComercial);
    }
    case "documentType": {
      const test = textTest("equals", value);
      return (receipt) => test(receipt.kind);
    }
    case "activityCode": {
      const test = textTest("equals", value);
      return (receipt) => test(receipt.codigoActividad);
    }
    case "currency": {
      const test = textTest("equals", value);
      return (receipt) => test(receipt.moneda);
    }
    case "total": {
      const test = amountTest(operator, value);
      return (receipt) => test(receipt.colones.totalComprobante);
    }
    default:
      return NEVER;
  }
}

function compileLineCondition(condition: RuleCondition): LineTest {
  const { operator, value } = condition;
  switch (condition.field) {
    case "cabys": {
      const test = textTest("startsWith", value);
      return (line) => test(line.cabys);
    }
    case "taxCode": {
      const test = textTest("equals", value);
      return (line) => line.impuestos.some((tax) => test(tax.codigo));
    }
    case "ivaRateCode": {
      const test = textTest("equals", value);
      return (line) => line.impuestos.some((tax) => test(tax.codigoTarifa));
    }
    case "lineDetail": {
      const test = textTest(operator, value);
      return (line) => test(line.detalle);
    }
    default:
      return NEVER;
  }
}

// Rules are evaluated for every receipt of a month: each rule's conditions are read once.
const compiled = new WeakMap<ReceptionRule, CompiledRule>();

function compile(rule: ReceptionRule): CompiledRule {
  let result = compiled.get(rule);
  if (!result) {
    result = { documentTests: [], lineTests: [] };
    for (const condition of rule.conditions) {
      const info = CONDITION_FIELDS[condition.field];
      // An operator the field does not accept never matches (the form refuses it; stored data may be old).
      if (!info || !info.operators.includes(condition.operator)) result.documentTests.push(NEVER);
      else if (info.perLine) result.lineTests.push(compileLineCondition(condition));
      else result.documentTests.push(compileDocumentCondition(condition));
    }
    compiled.set(rule, result);
  }
  return result;
}

/**
 * The lines of the receipt the rule matches, or null when the rule does not apply to the receipt.
 * "all": every header condition holds and a line satisfies every line condition (each line on its own);
 * "any": one header condition holds (then every line matches) or a line satisfies one line condition.
 */
export function matchingLines(rule: ReceptionRule, receipt: ElectronicReceipt): LineaDetalle[] | null {
  const { documentTests, lineTests } = compile(rule);
  if (documentTests.length === 0 && lineTests.length === 0) return null;
  if (rule.mode === "all") {
    if (!documentTests.every((test) => test(receipt))) return null;
    const lines = receipt.lines.filter((line) => lineTests.every((test) => test(line)));
    return lineTests.length > 0 && lines.length === 0 ? null : lines;
  }
  if (documentTests.some((test) => test(receipt))) return receipt.lines;
  const lines = receipt.lines.filter((line) => lineTests.some((test) => test(line)));
  return lines.length > 0 ? lines : null;
}

function toMatch(rule: ReceptionRule, lines: LineaDetalle[]): RuleMatch {
  const { action } = rule;
  const match: RuleMatch = {
    ruleId: rule.id,
    ruleVersion: rule.version,
    ruleName: rule.name,
    account: action.account,
    ivaTreatment: action.ivaTreatment,
    post: action.post,
  };
  if (action.scope === "lines") {
    match.account = action.otherLinesAccount ?? action.account;
    match.lineAccounts = Object.fromEntries(lines.map((line) => [line.numero, action.account]));
  }
  if (action.payableAccount) match.payableAccount = action.payableAccount;
  if (action.autoAnswer) match.autoAnswer = { condicionImpuesto: action.autoAnswer };
  return match;
}

/**
 * What the organization's rules decide for a received receipt: the first enabled rule (in the given
 * order) that matches it, or null (the booking plan then sends it to Por clasificar). A rule without
 * conditions matches nothing, so an empty rule never swallows every receipt.
 */
export function matchRule(rules: readonly ReceptionRule[], receipt: ElectronicReceipt): RuleMatch | null {
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const lines = matchingLines(rule, receipt);
    if (lines !== null) return toMatch(rule, lines);
  }
  return null;
}
