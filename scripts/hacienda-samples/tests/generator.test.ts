import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { parseClave, parseConsecutivo } from "../../../app/domain/hacienda/clave";
import { parseComprobante } from "../../../app/domain/hacienda/parse";
import type { ElectronicReceipt, HaciendaMessage } from "../../../app/domain/hacienda/types";
import { parseAmount } from "../../../app/domain/money";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateBatch,
  generateComprobante,
  generateMensajeHacienda,
  type GeneratedDocument,
} from "../src/generate";
import { writeSamples, zipSamples } from "../src/output";

function parsed(document: GeneratedDocument): ElectronicReceipt | HaciendaMessage {
  const result = parseComprobante(document.xml);
  if (!result.ok) throw new Error(`${document.fileName}: ${result.errors.join(" | ")}`);
  expect(result.warnings, document.fileName).toEqual([]);
  return result.document;
}

function receipt(document: GeneratedDocument): ElectronicReceipt {
  const value = parsed(document);
  if (value.kind === "MH") throw new Error("expected a receipt");
  return value;
}

describe("generateComprobante", () => {
  it("is deterministic: same options and seed, same bytes", () => {
    const options = { kind: "FE", version: "4.4", seed: 42, lineCount: 4 } as const;
    expect(generateComprobante(options).xml).toBe(generateComprobante(options).xml);
    expect(generateComprobante({ ...options, seed: 43 }).xml).not.toBe(generateComprobante(options).xml);
  });

  it("honours emisor, receptor, date, currency, exchange rate, sequence and line count", () => {
    const [emisor, receptor] = BUSINESS_PARTIES;
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "options",
      emisor,
      receptor,
      date: "2025-11-20T08:30:00-06:00",
      currency: "USD",
      tipoCambio: "512.34",
      sequence: 321,
      lineCount: 5,
    });
    const read = receipt(document);
    expect(read.emisor.identificacion).toEqual(emisor.identificacion);
    expect(read.receptor?.identificacion).toEqual(receptor.identificacion);
    expect(read.fechaEmision).toBe("2025-11-20T08:30:00-06:00");
    expect(read.moneda).toBe("USD");
    expect(read.tipoCambio).toBe(parseAmount("512.34"));
    expect(read.lines).toHaveLength(5);
    expect(read.consecutivo).toBe("00100001010000000321");
    expect(parseClave(read.clave)).toMatchObject({
      dia: "20",
      mes: "11",
      anio: "25",
      identificacion: emisor.identificacion.numero.padStart(12, "0"),
      consecutivo: read.consecutivo,
    });
    expect(document.fileName).toBe(`FE-${read.clave}.xml`);
  });

  it("turns a calendar date into a business-hours time in Costa Rica", () => {
    const read = receipt(generateComprobante({ kind: "TE", version: "4.3", seed: "day", date: "2025-02-03" }));
    expect(read.fechaEmision).toMatch(/^2025-02-03T(0[7-9]|1[0-8]):\d\d:\d\d-06:00$/);
  });

  it("forces or forbids discounts, exonerations and otros cargos", () => {
    for (const version of ["4.3", "4.4"] as const) {
      const rich = receipt(
        generateComprobante({
          kind: "FE",
          version,
          seed: `rich-${version}`,
          lineCount: 4,
          features: { discount: true, exoneration: true, otrosCargos: true },
        }),
      );
      expect(rich.lines.some((line) => line.descuentos.length > 0)).toBe(true);
      expect(rich.lines.some((line) => line.impuestos.some((impuesto) => impuesto.exoneracion))).toBe(true);
      expect(rich.otrosCargos.length).toBeGreaterThan(0);
      expect(rich.resumen.totalExonerado).toBeGreaterThan(0n);
      const plain = receipt(
        generateComprobante({
          kind: "FE",
          version,
          seed: `plain-${version}`,
          lineCount: 6,
          features: { discount: false, exoneration: false, otrosCargos: false },
        }),
      );
      expect(
        plain.lines.every(
          (line) => line.descuentos.length === 0 && line.impuestos.every((impuesto) => !impuesto.exoneracion),
        ),
      ).toBe(true);
      expect(plain.otrosCargos).toEqual([]);
    }
  });

  it("makes an FEC: an unregistered supplier sells, the buyer's identification goes in the clave", () => {
    const read = receipt(generateComprobante({ kind: "FEC", version: "4.4", seed: "fec" }));
    expect(read.emisor.identificacion?.tipo).toBe("01");
    expect(read.receptor?.identificacion?.numero).toBe(FERRETERIA_EL_CLAVO.identificacion.numero);
    expect(parseClave(read.clave)?.identificacion).toBe(FERRETERIA_EL_CLAVO.identificacion.numero.padStart(12, "0"));
    expect(read.codigoActividadReceptor).toBe("475201");
  });

  it("makes an export invoice in dollars, zero-rated, for a buyer abroad", () => {
    for (const version of ["4.3", "4.4"] as const) {
      const read = receipt(generateComprobante({ kind: "FEE", version, seed: `fee-${version}` }));
      expect(read.moneda).toBe("USD");
      expect(read.lines.every((line) => line.impuestos.every((impuesto) => impuesto.tarifa === "0.00"))).toBe(true);
      expect(read.receptor?.otrasSenasExtranjero).toBeDefined();
      if (version === "4.4") expect(read.receptor?.identificacion?.tipo).toBe("05");
      else expect(read.receptor?.identificacionExtranjero).toBeDefined();
    }
  });

  it("points NC, ND and REP at the document they modify or pay", () => {
    const fe = generateComprobante({ kind: "FE", version: "4.4", seed: "original", date: "2025-10-01" });
    for (const kind of ["NC", "ND", "REP"] as const) {
      const read = receipt(
        generateComprobante({
          kind,
          version: "4.4",
          seed: `ref-${kind}`,
          date: "2025-10-20",
          reference: { clave: fe.clave, fechaEmision: fe.fechaEmision },
        }),
      );
      expect(read.informacionReferencia).toHaveLength(1);
      expect(read.informacionReferencia[0]).toMatchObject({
        tipoDocumento: "01",
        numero: fe.clave,
        fechaEmision: fe.fechaEmision,
      });
    }
    const madeUp = receipt(generateComprobante({ kind: "NC", version: "4.3", seed: "no-ref", date: "2025-03-20" }));
    expect(parseClave(madeUp.informacionReferencia[0].numero!)).not.toBeNull();
    expect(Date.parse(madeUp.informacionReferencia[0].fechaEmision)).toBeLessThan(Date.parse(madeUp.fechaEmision));
  });

  it("refuses combinations Hacienda does not have", () => {
    expect(() => generateComprobante({ kind: "REP", version: "4.3", seed: 1 })).toThrow(/no existe en la versión 4.3/);
    expect(() => generateComprobante({ kind: "FE", version: "4.4", seed: 1, receptor: null })).toThrow(
      /requiere un receptor/,
    );
    expect(
      receipt(generateComprobante({ kind: "TE", version: "4.4", seed: 1, receptor: null })).receptor,
    ).toBeUndefined();
  });
});

describe("generateMensajeHacienda", () => {
  it("answers a comprobante with its clave, parties and totals", () => {
    const document = generateComprobante({ kind: "FE", version: "4.4", seed: "answer" });
    const answer = parsed(generateMensajeHacienda({ document, estado: "rechazado" })) as HaciendaMessage;
    expect(answer).toMatchObject({
      kind: "MH",
      clave: document.clave,
      estado: "rechazado",
      estadoMensaje: "Rechazado",
      emisor: { identificacion: document.emisor.identificacion },
      totalFactura: document.totalComprobante,
      montoTotalImpuesto: document.totalImpuesto,
    });
    expect(answer.detalleMensaje).toMatch(/rechazado/);
  });
});

describe("generateBatch", () => {
  const organization = FERRETERIA_EL_CLAVO;
  const documents = generateBatch({ seed: "batch", count: 300, month: "2025-10", organization });
  const comprobantes = documents.filter((document) => document.kind !== "MH");
  const receipts = comprobantes.map(receipt);

  it("is deterministic", () => {
    const again = generateBatch({ seed: "batch", count: 300, month: "2025-10", organization });
    expect(again.map((document) => document.xml)).toEqual(documents.map((document) => document.xml));
  });

  it("makes the requested number of comprobantes in the month, in issue order, with unique claves", () => {
    expect(comprobantes).toHaveLength(300);
    const times = receipts.map((read) => Date.parse(read.fechaEmision));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(receipts.every((read) => read.fechaEmision.startsWith("2025-10-"))).toBe(true);
    expect(new Set(comprobantes.map((document) => document.clave)).size).toBe(300);
    expect(new Set(documents.map((document) => document.fileName)).size).toBe(documents.length);
  });

  it("involves the organization in every comprobante, as emisor or receptor", () => {
    const id = organization.identificacion.numero;
    const issued = receipts.filter((read) => read.emisor.identificacion?.numero === id);
    const received = receipts.filter((read) => read.receptor?.identificacion?.numero === id);
    expect(issued.length + received.length).toBe(300);
    expect(issued.length).toBeGreaterThan(100);
    expect(received.length).toBeGreaterThan(100);
    expect(received.every((read) => read.kind !== "TE" && read.kind !== "FEE" && read.kind !== "REP")).toBe(true);
  });

  it("covers every kind, both currencies, every IVA rate, discounts, exonerations, otros cargos, goods and services", () => {
    expect(new Set(receipts.map((read) => read.kind))).toEqual(new Set(["FE", "TE", "NC", "ND", "FEC", "FEE", "REP"]));
    expect(new Set(receipts.map((read) => read.moneda))).toEqual(new Set(["CRC", "USD"]));
    const rates = new Set(
      receipts.flatMap((read) => read.lines.flatMap((line) => line.impuestos.map((impuesto) => impuesto.codigoTarifa))),
    );
    for (const code of ["01", "02", "03", "04", "08", "10", "11"]) expect(rates, code).toContain(code);
    expect(receipts.some((read) => read.lines.some((line) => line.descuentos.length > 0))).toBe(true);
    expect(receipts.some((read) => read.resumen.totalExonerado > 0n)).toBe(true);
    expect(receipts.some((read) => read.resumen.totalNoSujeto > 0n)).toBe(true);
    expect(receipts.some((read) => read.otrosCargos.length > 0)).toBe(true);
    expect(receipts.some((read) => read.resumen.totalServGravados > 0n)).toBe(true);
    expect(receipts.some((read) => read.resumen.totalMercanciasGravadas > 0n)).toBe(true);
    expect(receipts.some((read) => read.condicionVenta === "02" && read.plazoCredito)).toBe(true);
  });

  it("follows some comprobantes with Hacienda's answer", () => {
    const answers = documents.filter((document) => document.kind === "MH");
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) {
      const index = documents.indexOf(answer);
      expect(documents[index - 1].clave).toBe(answer.clave);
      expect(parsed(answer).kind).toBe("MH");
    }
  });

  it("numbers each issuer's documents of a type consecutively from 1", () => {
    const byIssuerAndType = new Map<string, number[]>();
    for (const read of receipts) {
      const clave = parseClave(read.clave)!;
      const consecutivo = parseConsecutivo(read.consecutivo)!;
      const key = `${clave.identificacion}|${consecutivo.tipo}`;
      byIssuerAndType.set(key, [...(byIssuerAndType.get(key) ?? []), Number(consecutivo.numero)]);
    }
    for (const numbers of byIssuerAndType.values()) expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it("refers credit and debit notes to earlier invoices of the same issuer when there are some", () => {
    const byClave = new Map(receipts.map((read) => [read.clave, read]));
    const notes = receipts.filter((read) => read.kind === "NC" || read.kind === "ND");
    const linked = notes.filter((note) => byClave.has(note.informacionReferencia[0].numero!));
    expect(linked.length).toBeGreaterThan(0);
    for (const note of linked) {
      const original = byClave.get(note.informacionReferencia[0].numero!)!;
      expect(original.kind).toBe("FE");
      expect(original.emisor.identificacion).toEqual(note.emisor.identificacion);
      expect(Date.parse(original.fechaEmision)).toBeLessThanOrEqual(Date.parse(note.fechaEmision));
    }
  });

  it("chooses the version by date: 4.3 before April 2025, 4.4 from September", () => {
    const year = generateBatch({
      seed: "year",
      count: 120,
      from: "2025-01-01",
      to: "2025-12-31",
      mensajeHaciendaShare: 0,
    }).map(receipt);
    for (const read of year) {
      if (read.fechaEmision < "2025-04") expect(read.version).toBe("4.3");
      if (read.fechaEmision >= "2025-09") expect(read.version).toBe("4.4");
    }
    expect(new Set(year.map((read) => read.version))).toEqual(new Set(["4.3", "4.4"]));
    const only43 = generateBatch({ seed: "only", count: 20, month: "2025-12", versions: ["4.3"] });
    expect(new Set(only43.map((document) => document.version))).toEqual(new Set(["4.3"]));
  });
});

describe("writing samples to disk", () => {
  it("writes one file per document, or one ZIP with all of them", async () => {
    const documents = generateBatch({ seed: "files", count: 12, month: "2025-09" });
    const directory = await mkdtemp(path.join(tmpdir(), "hacienda-samples-"));
    try {
      await writeSamples(documents, directory);
      const names = (await readdir(directory)).sort();
      expect(names).toEqual(documents.map((document) => document.fileName).sort());
      expect(await readFile(path.join(directory, documents[0].fileName), "utf8")).toBe(documents[0].xml);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    const entries = unzipSync(zipSamples(documents));
    expect(Object.keys(entries).sort()).toEqual(documents.map((document) => document.fileName).sort());
    expect(strFromU8(entries[documents[3].fileName])).toBe(documents[3].xml);
  });
});
