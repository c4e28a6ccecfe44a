/**
 * Everything the project writes in Hacienda formats must validate against the official XSDs
 * (vendored in packages/hacienda-xsd, checked with xmllint). Documents are validated in batches per schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KIND_INFO, type HaciendaVersion, type ReceiptKind } from "../../app/domain/hacienda/codes";
import { buildMensajeReceptor } from "../../app/domain/hacienda/mensaje-receptor";
import { parseComprobante } from "../../app/domain/hacienda/parse";
import { withPlaceholderSignature } from "../../app/domain/hacienda/placeholder-signature";
import { parseAmount } from "../../app/domain/money";
import {
  generateBatch,
  generateComprobante,
  generateMensajeHacienda,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { haciendaXsdPath, validateXml, validateXmlBatch } from "../support/xmllint";

const PER_KIND_AND_VERSION = 6;
const CASES: [ReceiptKind, HaciendaVersion][] = [
  ["FE", "4.3"],
  ["NC", "4.3"],
  ["ND", "4.3"],
  ["TE", "4.3"],
  ["FEC", "4.3"],
  ["FEE", "4.3"],
  ["FE", "4.4"],
  ["NC", "4.4"],
  ["ND", "4.4"],
  ["TE", "4.4"],
  ["FEC", "4.4"],
  ["FEE", "4.4"],
  ["REP", "4.4"],
];

function sample(): GeneratedDocument[] {
  const documents: GeneratedDocument[] = [];
  for (const [kind, version] of CASES) {
    for (let index = 0; index < PER_KIND_AND_VERSION; index++) {
      const document = generateComprobante({
        kind,
        version,
        seed: `xsd-${kind}-${version}-${index}`,
        currency: index === 1 || kind === "FEE" ? "USD" : "CRC",
        lineCount: [1, 3, 5, 2, 8, 4][index],
        features: { discount: index % 2 === 0, exoneration: index % 3 === 0, otrosCargos: index % 2 === 1 },
        receptor: index === 5 && (kind === "TE" || kind === "NC" || kind === "FEE") ? null : undefined,
      });
      documents.push(document);
      if (index < 2)
        documents.push(generateMensajeHacienda({ document, estado: index === 0 ? "aceptado" : "rechazado" }));
    }
  }
  return documents;
}

async function expectAllValid(
  documents: { xml: string; name: string; root: string; version: HaciendaVersion }[],
): Promise<number> {
  const groups = new Map<string, typeof documents>();
  for (const document of documents) {
    const key = `${document.root}|${document.version}`;
    groups.set(key, [...(groups.get(key) ?? []), document]);
  }
  let validated = 0;
  for (const [key, group] of groups) {
    const [root, version] = key.split("|") as [string, HaciendaVersion];
    const results = await validateXmlBatch(
      group.map((document) => document.xml),
      haciendaXsdPath(root, version),
    );
    const failures = results.flatMap((result, index) =>
      result.valid ? [] : [`${group[index].name}: ${result.errors.join(" / ")}`],
    );
    expect(failures, key).toEqual([]);
    validated += results.length;
  }
  return validated;
}

describe("generated documents validate against the official XSDs", () => {
  it("validates ~100 documents across every kind and version, with Hacienda's answers", async () => {
    const documents = sample();
    const validated = await expectAllValid(
      documents.map((document) => ({
        xml: document.xml,
        name: document.fileName,
        root: KIND_INFO[document.kind].rootElement,
        version: document.version,
      })),
    );
    expect(validated).toBe(CASES.length * PER_KIND_AND_VERSION + CASES.length * 2);
    expect(validated).toBeGreaterThanOrEqual(100);
    const kinds = new Set(documents.map((document) => `${document.kind}-${document.version}`));
    expect(kinds.size).toBe(CASES.length + 2);
  });

  it("validates a mixed batch spanning the v4.3 → v4.4 transition", async () => {
    const documents = generateBatch({ seed: "xsd-batch", count: 40, from: "2025-02-01", to: "2025-11-30" });
    expect(new Set(documents.map((document) => document.version))).toEqual(new Set(["4.3", "4.4"]));
    await expectAllValid(
      documents.map((document) => ({
        xml: document.xml,
        name: document.fileName,
        root: KIND_INFO[document.kind].rootElement,
        version: document.version,
      })),
    );
  });

  it("really checks: an element out of order or a bad code fails", async () => {
    const document = generateComprobante({ kind: "FE", version: "4.4", seed: "negative" });
    const schema = haciendaXsdPath("FacturaElectronica", "4.4");
    const swapped = document.xml.replace(
      /(<NumeroConsecutivo>\d+<\/NumeroConsecutivo>)\s*(<FechaEmision>[^<]+<\/FechaEmision>)/,
      "$2$1",
    );
    const badCode = document.xml.replace(/<CondicionVenta>\d+</, "<CondicionVenta>77<");
    const unsigned = document.xml.replace(/\s*<ds:Signature[\s\S]*<\/ds:Signature>/, "");
    const [outOfOrder, wrongCode, noSignature] = await validateXmlBatch([swapped, badCode, unsigned], schema);
    expect(outOfOrder.valid).toBe(false);
    expect(outOfOrder.errors.join()).toMatch(/FechaEmision/);
    expect(wrongCode.valid).toBe(false);
    expect(noSignature.valid).toBe(false);
    expect(noSignature.errors.join()).toMatch(/Signature/);
    expect((await validateXml(unsigned, schema, { signatureOptional: true })).valid).toBe(true);
  });
});

describe("hand-written fixtures validate against the official XSDs", () => {
  it("validates every file in tests/fixtures/hacienda", async () => {
    const directory = new URL("../fixtures/hacienda/", import.meta.url);
    const files = readdirSync(directory).filter((name) => name.endsWith(".xml"));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const documents = files.map((name) => {
      const xml = readFileSync(new URL(name, directory), "utf8");
      const result = parseComprobante(xml);
      if (!result.ok) throw new Error(`${name}: ${result.errors.join(" | ")}`);
      return { xml, name, root: result.document.rootElement, version: result.document.version };
    });
    expect(await expectAllValid(documents)).toBe(files.length);
  });
});

describe("MensajeReceptor validates against MensajeReceptor_V4.4.xsd", () => {
  const amount = (text: string) => parseAmount(text)!;
  const base = {
    clave: "50620102500310198765400100001030000000087155512345",
    numeroCedulaEmisor: "3101987654",
    fechaEmisionDoc: new Date("2025-11-03T16:00:00Z"),
    totalFactura: amount("56.5"),
    numeroCedulaReceptor: "3101123456",
  };
  const messages = [
    buildMensajeReceptor({ ...base, mensaje: 1, consecutivo: { numero: 1 } }),
    buildMensajeReceptor({
      ...base,
      mensaje: 1,
      detalleMensaje: "Aceptado",
      montoTotalImpuesto: amount("6.5"),
      codigoActividad: "475201",
      condicionImpuesto: "01",
      montoTotalImpuestoAcreditar: amount("6.5"),
      montoTotalDeGastoAplicable: amount("50"),
      consecutivo: { numero: 2 },
    }),
    buildMensajeReceptor({
      ...base,
      mensaje: 2,
      detalleMensaje: "Se aceptan 3 de 4 unidades",
      condicionImpuesto: "02",
      montoTotalImpuesto: amount("6.5"),
      montoTotalImpuestoAcreditar: amount("4.875"),
      consecutivo: { numero: 1 },
    }),
    buildMensajeReceptor({
      ...base,
      mensaje: 3,
      detalleMensaje: "Mercadería no recibida & factura duplicada",
      consecutivo: { numero: 1, sucursal: 3, terminal: 12 },
    }),
    buildMensajeReceptor({
      ...base,
      mensaje: 1,
      condicionImpuesto: "04",
      montoTotalDeGastoAplicable: amount("56.5"),
      numeroCedulaEmisor: "US880123456",
      numeroCedulaReceptor: "155812345678",
      consecutivo: { numero: 9_999_999_999 },
    }),
    buildMensajeReceptor({
      ...base,
      mensaje: 1,
      condicionImpuesto: "05",
      fechaEmisionDoc: "2025-11-03T10:00:00",
      consecutivo: { numero: 5 },
    }),
  ];

  it("validates every message, signed with the placeholder, against the official schema", async () => {
    const results = await validateXmlBatch(
      messages.map(withPlaceholderSignature),
      haciendaXsdPath("MensajeReceptor", "4.4"),
    );
    expect(results.flatMap((result) => result.errors)).toEqual([]);
    expect(results.every((result) => result.valid)).toBe(true);
  });

  it("validates the unsigned messages except for the signature a signer will add", async () => {
    const schema = haciendaXsdPath("MensajeReceptor", "4.4");
    const relaxed = await validateXmlBatch(messages, schema, { signatureOptional: true });
    expect(relaxed.every((result) => result.valid)).toBe(true);
    const strict = await validateXmlBatch(messages, schema);
    for (const result of strict) {
      expect(result.valid).toBe(false);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatch(
        /Missing child element\(s\)\. Expected is \( \{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}Signature \)/,
      );
    }
  });
});
