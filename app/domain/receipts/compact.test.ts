import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
} from "../../../scripts/hacienda-samples/src/generate";
import { DEFAULT_ACCOUNTS } from "../booking/default-account-values";
import { planBooking } from "../booking/plan";
import type { BookingInput } from "../booking/plan-types";
import { KIND_INFO, type ReceiptKind } from "../hacienda/codes";
import { parseComprobante } from "../hacienda/parse";
import type { ElectronicReceipt } from "../hacienda/types";
import { ivaByRate } from "../iva/receipt";
import { matchRule } from "../rules/match";
import type { ReceptionRule } from "../rules/types";
import { compactReceiptOf, isCurrentCompact, PARSED_VERSION, type CompactReceipt } from "./compact";

const FIXTURES = new URL("../../../tests/fixtures/hacienda/", import.meta.url);

function parsedOf(xml: string): ElectronicReceipt | null {
  const result = parseComprobante(xml);
  return result.ok && result.document.kind !== "MH" ? result.document : null;
}

/** Every fixture receipt plus generated ones of each kind, version and currency (USD, exonerations, charges). */
function samples(): Array<{ name: string; document: ElectronicReceipt }> {
  const documents: Array<{ name: string; document: ElectronicReceipt }> = [];
  for (const file of readdirSync(FIXTURES).filter((name) => name.endsWith(".xml"))) {
    const document = parsedOf(readFileSync(new URL(file, FIXTURES), "utf8"));
    if (document) documents.push({ name: file, document });
  }
  const kinds: ReceiptKind[] = ["FE", "TE", "NC", "ND", "FEC", "FEE", "REP"];
  for (const kind of kinds)
    for (const version of ["4.3", "4.4"] as const)
      for (const currency of ["CRC", "USD"] as const)
        for (const features of [{ discount: true, exoneration: true, otrosCargos: true }, {}]) {
          if (!KIND_INFO[kind].versions.includes(version)) continue;
          const generated = generateComprobante({
            kind,
            version,
            currency,
            seed: `compact-${kind}-${version}-${currency}-${Object.keys(features).length}`,
            lineCount: 4,
            features,
            ...(kind === "FEC"
              ? {}
              : kind === "FEE"
                ? { emisor: FERRETERIA_EL_CLAVO }
                : { emisor: BUSINESS_PARTIES[1], receptor: FERRETERIA_EL_CLAVO }),
          });
          const document = parsedOf(generated.xml);
          if (document) documents.push({ name: generated.fileName, document });
        }
  return documents;
}

const SAMPLES = samples();

/** Every key of `part` holds the same value in `whole` (deep), and no value of `part` is undefined. */
function expectSubset(part: unknown, whole: unknown, path: string) {
  if (part === null || typeof part !== "object") {
    expect(part, path).toBe(whole);
    return;
  }
  expect(whole, path).toBeTypeOf("object");
  if (Array.isArray(part)) {
    expect((whole as unknown[]).length, path).toBe(part.length);
    part.forEach((item, index) => expectSubset(item, (whole as unknown[])[index], `${path}[${index}]`));
    return;
  }
  for (const [key, value] of Object.entries(part)) {
    expect(value, `${path}.${key}`).not.toBeUndefined();
    if (key === "parsedVersion") continue;
    expectSubset(value, (whole as Record<string, unknown>)[key], `${path}.${key}`);
  }
}

const RULES: ReceptionRule[] = [
  {
    id: "cabys",
    name: "Materiales por CABYS",
    enabled: true,
    version: 2,
    mode: "all",
    conditions: [
      { field: "cabys", operator: "startsWith", value: "4" },
      { field: "ivaRateCode", operator: "equals", value: "08" },
    ],
    action: { scope: "lines", account: "60-01-01-00-00", ivaTreatment: "acreditable", post: true },
  },
  {
    id: "proveedor",
    name: "Proveedor por nombre",
    enabled: true,
    version: 1,
    mode: "any",
    conditions: [
      { field: "emisorNombre", operator: "contains", value: "s.a" },
      { field: "total", operator: "gte", value: "1000000" },
      { field: "currency", operator: "equals", value: "USD" },
    ],
    action: { scope: "document", account: "60-02-08-00-00", ivaTreatment: "proporcional", post: false },
  },
  {
    id: "detalle",
    name: "Servicios",
    enabled: true,
    version: 1,
    mode: "any",
    conditions: [
      { field: "lineDetail", operator: "contains", value: "servicio" },
      { field: "taxCode", operator: "equals", value: "02" },
    ],
    action: { scope: "document", account: "60-02-01-00-00", ivaTreatment: "no-acreditable", post: true },
  },
];

describe("compact parsed form of a receipt", () => {
  it("covers the fixtures and generated receipts of every kind", () => {
    expect(SAMPLES.length).toBeGreaterThan(40);
    expect(new Set(SAMPLES.map((sample) => sample.document.kind))).toEqual(
      new Set(["FE", "TE", "NC", "ND", "FEC", "FEE", "REP"]),
    );
  });

  it("keeps exactly what the parser read, without undefined keys, under the current version", () => {
    for (const { name, document } of SAMPLES) {
      const compact = compactReceiptOf(document);
      expect(compact.parsedVersion).toBe(PARSED_VERSION);
      expect(isCurrentCompact(compact)).toBe(true);
      expectSubset(compact, document, name);
      expect(compact.lines.map((line) => line.impuestos.length)).toEqual(
        document.lines.map((line) => line.impuestos.length),
      );
    }
  });

  it("books, matches rules and counts IVA exactly as the parsed receipt does", () => {
    const seen = { matched: new Set<string>(), planned: 0 };
    for (const { name, document } of SAMPLES) {
      const compact: CompactReceipt = compactReceiptOf(document);
      expect(matchRule(RULES, compact), name).toEqual(matchRule(RULES, document));
      expect(ivaByRate(compact), name).toEqual(ivaByRate(document));
      for (const direction of ["issued", "received"] as const) {
        const input = (doc: BookingInput["document"]): BookingInput => ({
          document: doc,
          direction,
          receptorAnswer: { mensaje: 2, condicionImpuesto: "02", montoTotalImpuestoAcreditar: 100_000n },
          referenced: { kind: "FE" },
        });
        const match = matchRule(RULES, document);
        if (match) seen.matched.add(match.ruleId);
        if (planBooking(input(document), DEFAULT_ACCOUNTS, match).ok) seen.planned++;
        expect(planBooking(input(compact), DEFAULT_ACCOUNTS, match), `${name} ${direction}`).toEqual(
          planBooking(input(document), DEFAULT_ACCOUNTS, match),
        );
      }
    }
    // The comparison means something: every rule matched some receipt and most receipts got a plan.
    expect(seen.matched).toEqual(new Set(RULES.map((rule) => rule.id)));
    expect(seen.planned).toBeGreaterThan(SAMPLES.length);
  });

  it("an older or missing version is not current", () => {
    const compact = compactReceiptOf(SAMPLES[0].document);
    expect(isCurrentCompact({ ...compact, parsedVersion: PARSED_VERSION - 1 })).toBe(false);
    expect(isCurrentCompact(undefined)).toBe(false);
    expect(isCurrentCompact({})).toBe(false);
  });
});
