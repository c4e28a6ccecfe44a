/**
 * Importing Hacienda XML into an organization's receipts, in batches: parse, decide the direction,
 * drop duplicates, store new receipts with their original bytes, then attach Hacienda's answers by
 * clave. Every file gets one result: importado, duplicado or rechazado with a Spanish reason.
 * See docs/decisions/004-receipt-storage-and-import.md.
 */
import {
  findConsecutivoHolders,
  findStoredClaves,
  insertReceipts,
  addHaciendaAnswer,
  newReceiptId,
  type ReceiptArrival,
  type ReceiptDirection,
  type ReceiptParty,
  type ReceiptRecord,
} from "~models/receipt";
import { monthLabel, monthOf } from "~/domain/calendar";
import { countLabel } from "~/domain/text";
import { compactReceiptOf } from "~/domain/receipts/compact";
import { effectOf } from "~/domain/receipts/effect";
import { directionAdjective } from "~/domain/receipts/labels";
import { repeatedConsecutivoWarning } from "~/domain/issuer/consecutive";
import { taxTotalsOf } from "~/domain/receipts/totals";
import { searchText } from "~/domain/text";
import { KIND_INFO, MAX_XML_BYTES } from "~/domain/hacienda";
import type { ElectronicReceipt, HaciendaMessage, Party } from "~/domain/hacienda";
import { parseOffThread } from "./parse-pool.server";
import { bookImportedReceipts } from "~/services/booking/booking.server";
import { syncOpenItems } from "~/services/open-items/sync.server";
import { receiptIdsOfClaves } from "~models/open-item-sources";

export type ImportStatus = "importado" | "duplicado" | "rechazado";

export interface ImportResult {
  file: string;
  status: ImportStatus;
  /** Why a file was refused or counted as a duplicate, or what an import did. */
  message: string;
  receiptId?: string;
  month?: string;
  tab?: "emitidos" | "recibidos";
}

export interface ImportReport {
  counts: Record<ImportStatus, number>;
  /** Every refusal and the first results of the other kinds (a large ZIP would list thousands). */
  results: ImportResult[];
  /** Results counted but not listed. */
  unlisted: number;
  /** Months (and tab) of the receipts imported, with how many each, most first. */
  months: Array<{ month: string; tab: "emitidos" | "recibidos"; count: number }>;
}

/**
 * Who uploads: an admin of the organization may import anything of it; a client user only received
 * documents (docs/spec/access.md §1: "upload received XMLs for its organization"), never Hacienda's answers,
 * which change the books' totals.
 */
export type Uploader = "admin" | "client";

export interface ImportOrganization {
  id: string;
  cedula: string;
  name: string;
}

const LISTED_REFUSALS = 2_000;
const LISTED_OTHERS = 500;
const DEFAULT_BATCH_SIZE = 200;
/** A batch also ends at this many bytes, so a batch of large documents is not held in memory at once. */
const BATCH_BYTES = 8 * 1024 * 1024;
const MAX_REASONS = 3;

export const REFUSAL = {
  notThisClient: "no corresponde a este cliente",
  tooLarge: `El archivo supera el tamaño máximo permitido de ${MAX_XML_BYTES / (1024 * 1024)} MB.`,
  notXml: "No es un archivo XML (.xml) ni un ZIP; se omitió.",
  nestedZip: "Los ZIP dentro de otro ZIP no se admiten; súbalo por separado.",
  empty: "El archivo está vacío.",
  answerNotAllowed:
    "Solo los administradores del cliente pueden registrar respuestas de Hacienda (MensajeHacienda); pida a su contador que la importe.",
  unsignedAnswer: "La respuesta de Hacienda no está firmada; solo se registran respuestas firmadas por Hacienda.",
  issuedNotAllowed:
    "Como usuario cliente solo puede subir comprobantes recibidos; este lo emitió su empresa. Pida a su contador que lo importe.",
} as const;

function partyNumber(party: Party | undefined): string | undefined {
  return party?.identificacion?.numero ?? party?.identificacionExtranjero;
}

function partySummary(party: Party): ReceiptParty {
  return {
    nombre: party.nombre,
    ...(party.nombreComercial ? { nombreComercial: party.nombreComercial } : {}),
    ...(party.identificacion?.tipo ? { tipo: party.identificacion.tipo } : {}),
    ...(partyNumber(party) ? { numero: partyNumber(party) } : {}),
    ...(party.correo ? { correo: party.correo } : {}),
  };
}

function describeParty(party: Party | undefined): string {
  if (!party) return "sin receptor";
  const number = partyNumber(party);
  return number ? `${party.nombre}, ${number}` : party.nombre;
}

/** Issued when the organization is the emisor, received when it is the receptor, else null. */
export function directionFor(document: ElectronicReceipt, cedula: string): ReceiptDirection | null {
  if (partyNumber(document.emisor) === cedula) return "issued";
  if (partyNumber(document.receptor) === cedula) return "received";
  return null;
}

function notThisClient(document: ElectronicReceipt, organization: ImportOrganization): string {
  return (
    `El comprobante ${REFUSAL.notThisClient}: ni el emisor (${describeParty(document.emisor)}) ni el receptor ` +
    `(${describeParty(document.receptor)}) es ${organization.name} (${organization.cedula}).`
  );
}

export interface RecordSource {
  organizationId: string;
  direction: ReceiptDirection;
  fileName: string;
  bytes: Uint8Array;
  xmlSha256: string;
  warnings: string[];
  importedBy?: string;
  importedAt?: Date;
  arrivedBy?: ReceiptArrival;
}

/** The stored form of a parsed receipt, with its compact parsed form (decision 137). */
export function receiptRecordFrom(document: ElectronicReceipt, source: RecordSource): ReceiptRecord {
  const issued = source.direction === "issued";
  const other = issued ? document.receptor : document.emisor;
  const counterpartName = other?.nombre ?? "Sin receptor (consumidor final)";
  const counterpartNumber = partyNumber(other);
  const { resumen, colones } = document;
  const fechaEmision = new Date(document.fechaEmision);
  return {
    _id: newReceiptId(),
    organizationId: source.organizationId,
    clave: document.clave,
    kind: document.kind,
    version: document.version,
    direction: source.direction,
    consecutivo: document.consecutivo,
    // An issued document holds its number (unique per organization); the import gives it up when
    // another issued document already holds it (`keepRepeatedConsecutivos`).
    ...(issued ? { issuedConsecutivo: document.consecutivo } : {}),
    fechaEmision,
    month: monthOf(fechaEmision),
    emisor: partySummary(document.emisor),
    ...(document.receptor ? { receptor: partySummary(document.receptor) } : {}),
    counterpart: {
      nombre: counterpartName,
      ...(counterpartNumber ? { numero: counterpartNumber } : {}),
      search: searchText(`${counterpartName} ${other?.nombreComercial ?? ""}`),
    },
    ...(document.codigoActividad ? { codigoActividad: document.codigoActividad } : {}),
    ...(document.codigoActividadReceptor ? { codigoActividadReceptor: document.codigoActividadReceptor } : {}),
    ...(document.condicionVenta ? { condicionVenta: document.condicionVenta } : {}),
    mediosPago: document.mediosPago.map((medio) => medio.tipo).filter((tipo): tipo is string => !!tipo),
    moneda: document.moneda,
    tipoCambio: colones.tipoCambio,
    totals: {
      totalVenta: resumen.totalVenta,
      totalDescuentos: resumen.totalDescuentos,
      totalVentaNeta: resumen.totalVentaNeta,
      totalImpuesto: resumen.totalImpuesto,
      totalOtrosCargos: resumen.totalOtrosCargos,
      totalIVADevuelto: resumen.totalIVADevuelto,
      totalComprobante: resumen.totalComprobante,
    },
    colones: {
      totalVenta: colones.totalVenta,
      totalDescuentos: colones.totalDescuentos,
      totalVentaNeta: colones.totalVentaNeta,
      totalImpuesto: colones.totalImpuesto,
      totalOtrosCargos: colones.totalOtrosCargos,
      totalIVADevuelto: colones.totalIVADevuelto,
      totalComprobante: colones.totalComprobante,
    },
    taxTotals: taxTotalsOf(document),
    referencedClaves: document.informacionReferencia
      .map((reference) => reference.numero)
      .filter((numero): numero is string => !!numero && /^\d{50}$/.test(numero)),
    lineCount: document.lines.length,
    warnings: source.warnings,
    effect: effectOf(document.kind),
    fileName: source.fileName,
    xml: Buffer.from(source.bytes),
    xmlSha256: source.xmlSha256,
    importedAt: source.importedAt ?? new Date(),
    ...(source.importedBy ? { importedBy: source.importedBy } : {}),
    arrivedBy: source.arrivedBy ?? "upload",
    parsed: compactReceiptOf(document),
  };
}

/**
 * Issued records whose consecutivo is already held — by a stored document or by an earlier record of
 * the same batch — give it up and name the holder: they are kept, with a warning, never refused.
 */
async function keepRepeatedConsecutivos(organizationId: string, records: ReceiptRecord[]): Promise<void> {
  const candidates = records.filter((record) => record.issuedConsecutivo !== undefined);
  const holders = await findConsecutivoHolders(
    organizationId,
    candidates.map((record) => record.issuedConsecutivo!),
  );
  for (const record of candidates) {
    const holder = holders.get(record.issuedConsecutivo!);
    if (holder === undefined) {
      holders.set(record.issuedConsecutivo!, record.clave);
      continue;
    }
    delete record.issuedConsecutivo;
    record.consecutivoHeldBy = holder;
  }
}

function joinReasons(reasons: string[]): string {
  const shown = reasons.slice(0, MAX_REASONS).join(" ");
  return reasons.length > MAX_REASONS
    ? `${shown} (y ${countLabel(reasons.length - MAX_REASONS, "problema", "problemas")} más)`
    : shown;
}

interface PendingFile {
  file: string;
  bytes: Uint8Array;
  order: number;
}

interface ParsedReceipt {
  order: number;
  file: string;
  bytes: Uint8Array;
  sha: string;
  document: ElectronicReceipt;
  direction: ReceiptDirection;
  warnings: string[];
}

interface ParsedMessage {
  order: number;
  file: string;
  bytes: Uint8Array;
  sha: string;
  document: HaciendaMessage;
}

/**
 * Collects files (one by one, as they stream in) and stores them in batches. Call `add` for each
 * file, `refuse` for anything refused before parsing, then `finish` once for the report.
 */
export class ReceiptImporter {
  private queue: PendingFile[] = [];
  private queuedBytes = 0;
  /** Claves (→ content hash) of receipts stored or seen in this upload. */
  private seen = new Map<string, string>();
  /** Hacienda answers whose receipt is not stored yet; it may come later in the same upload. */
  private waiting: ParsedMessage[] = [];
  private counts: Record<ImportStatus, number> = { importado: 0, duplicado: 0, rechazado: 0 };
  private listed: Array<ImportResult & { order: number }> = [];
  private nextOrder = 0;
  private listedOthers = 0;
  private unlisted = 0;
  private months = new Map<string, number>();
  /** Receipts stored by this upload: booked at the end when the organization books on import. */
  private imported: string[] = [];
  /** Claves of stored receipts that got Hacienda's answer in this import (a rejection takes out their items). */
  private answered: string[] = [];
  private readonly batchSize: number;

  constructor(
    private readonly organization: ImportOrganization,
    private readonly options: {
      importedBy?: string;
      batchSize?: number;
      uploader?: Uploader;
      /** The e-mail reader's documents say so; uploads are the default. */
      arrivedBy?: "upload" | "email";
    } = {},
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** `order` is the file's place in the upload, so the report lists files in the order they came. */
  private record(result: ImportResult, order: number): void {
    this.counts[result.status]++;
    if (
      result.status === "rechazado" ? this.counts.rechazado <= LISTED_REFUSALS : this.listedOthers++ < LISTED_OTHERS
    ) {
      this.listed.push({ ...result, order });
    } else {
      this.unlisted++;
    }
    if (result.status === "importado" && result.receiptId) this.imported.push(result.receiptId);
    if (result.status === "importado" && result.month && result.tab) {
      const key = `${result.month}|${result.tab}`;
      this.months.set(key, (this.months.get(key) ?? 0) + 1);
    }
  }

  refuse(file: string, message: string, order = this.nextOrder++): void {
    this.record({ file, status: "rechazado", message }, order);
  }

  async add(file: string, bytes: Uint8Array): Promise<void> {
    this.queue.push({ file, bytes, order: this.nextOrder++ });
    this.queuedBytes += bytes.length;
    if (this.queue.length >= this.batchSize || this.queuedBytes >= BATCH_BYTES) await this.flush();
  }

  /** Files handled so far, by result (for a job's progress). */
  /** What the documents imported so far take in the database (compressed). */
  storedBytes = 0;

  get progress(): Record<ImportStatus, number> {
    return { ...this.counts };
  }

  async finish(): Promise<ImportReport> {
    await this.flush();
    const waiting = this.waiting;
    this.waiting = [];
    await this.attachMessages(waiting, true);
    await this.bookImported();
    return {
      counts: { ...this.counts },
      results: this.listed.sort((a, b) => a.order - b.order).map(({ order: _order, ...result }) => result),
      unlisted: this.unlisted,
      months: [...this.months]
        .map(([key, count]) => {
          const [month, tab] = key.split("|") as [string, "emitidos" | "recibidos"];
          return { month, tab, count };
        })
        .sort((a, b) => b.count - a.count || b.month.localeCompare(a.month) || a.tab.localeCompare(b.tab)),
    };
  }

  /** Once Hacienda's answers are attached (rejected receipts are not booked). A failure leaves them pending. */
  private async bookImported(): Promise<void> {
    const ids = this.imported;
    this.imported = [];
    try {
      await bookImportedReceipts(this.organization.id, ids, this.options.importedBy ?? "importación");
    } catch (error) {
      console.error("booking imported receipts failed", error);
    }
    const answered = this.answered;
    this.answered = [];
    try {
      await syncOpenItems(this.organization.id, [
        ...ids,
        ...(await receiptIdsOfClaves(this.organization.id, answered)),
      ]);
    } catch (error) {
      // The receipts are stored: the next import of the organization or the next start makes their items.
      console.error("open items of imported receipts failed", error);
    }
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    if (batch.length === 0) return;
    const receipts: ParsedReceipt[] = [];
    const messages: ParsedMessage[] = [];
    const parsedFiles = await Promise.all(batch.map(({ file, bytes, order }) => this.parse(file, bytes, order)));
    for (const parsed of parsedFiles) {
      if (parsed && "direction" in parsed) receipts.push(parsed);
      else if (parsed) messages.push(parsed);
    }
    await this.storeReceipts(receipts);
    await this.attachMessages(messages, false);
  }

  private async parse(file: string, bytes: Uint8Array, order: number): Promise<ParsedReceipt | ParsedMessage | null> {
    if (bytes.length === 0) {
      this.refuse(file, REFUSAL.empty, order);
      return null;
    }
    if (bytes.length > MAX_XML_BYTES) {
      this.refuse(file, REFUSAL.tooLarge, order);
      return null;
    }
    const result = await parseOffThread(bytes);
    if (!result.ok) {
      this.refuse(file, joinReasons(result.errors), order);
      return null;
    }
    const { sha, document } = result;
    const client = this.options.uploader === "client";
    if (document.kind === "MH") {
      const refusal = client ? REFUSAL.answerNotAllowed : document.signed ? null : REFUSAL.unsignedAnswer;
      if (!refusal) return { order, file, bytes, sha, document };
      this.refuse(file, refusal, order);
      return null;
    }
    const direction = directionFor(document, this.organization.cedula);
    if (!direction) {
      this.refuse(file, notThisClient(document, this.organization), order);
      return null;
    }
    if (client && direction === "issued") {
      this.refuse(file, REFUSAL.issuedNotAllowed, order);
      return null;
    }
    return { order, file, bytes, sha, document, direction, warnings: result.warnings };
  }

  private duplicateMessage(sameBytes: boolean): string {
    return sameBytes
      ? "Ya estaba importado (misma clave y mismo contenido)."
      : "Ya existe un comprobante con la misma clave; se conserva el que se importó primero (este archivo tiene otro contenido).";
  }

  private async storeReceipts(receipts: ParsedReceipt[]): Promise<void> {
    const fresh: ParsedReceipt[] = [];
    for (const receipt of receipts) {
      const seenSha = this.seen.get(receipt.document.clave);
      if (seenSha !== undefined) {
        this.record(
          { file: receipt.file, status: "duplicado", message: this.duplicateMessage(seenSha === receipt.sha) },
          receipt.order,
        );
      } else {
        this.seen.set(receipt.document.clave, receipt.sha);
        fresh.push(receipt);
      }
    }
    const stored = new Map(
      (
        await findStoredClaves(
          this.organization.id,
          fresh.map((receipt) => receipt.document.clave),
        )
      ).map((found) => [found.clave, found]),
    );
    const toInsert: ParsedReceipt[] = [];
    for (const receipt of fresh) {
      const existing = stored.get(receipt.document.clave);
      if (existing) {
        this.seen.set(receipt.document.clave, existing.xmlSha256);
        this.record(
          {
            file: receipt.file,
            status: "duplicado",
            message: this.duplicateMessage(existing.xmlSha256 === receipt.sha),
          },
          receipt.order,
        );
      } else {
        toInsert.push(receipt);
      }
    }
    const records = toInsert.map((receipt) =>
      receiptRecordFrom(receipt.document, {
        organizationId: this.organization.id,
        direction: receipt.direction,
        fileName: receipt.file,
        bytes: receipt.bytes,
        xmlSha256: receipt.sha,
        warnings: receipt.warnings,
        importedBy: this.options.importedBy,
        arrivedBy: this.options.arrivedBy ?? "upload",
      }),
    );
    await keepRepeatedConsecutivos(this.organization.id, records);
    const outcome = await insertReceipts(records);
    this.storedBytes += outcome.storedBytes;
    if (outcome.consecutivoTaken.size > 0) {
      // Another upload stored a document with the same number meanwhile: these are kept without it.
      const again = [...outcome.consecutivoTaken].map((index) => records[index]);
      await keepRepeatedConsecutivos(this.organization.id, again);
      const retried = await insertReceipts(again);
      this.storedBytes += retried.storedBytes;
      [...outcome.consecutivoTaken].forEach((index, position) => {
        if (retried.duplicates.has(position)) outcome.duplicates.add(index);
        else if (retried.failures.has(position) || retried.consecutivoTaken.has(position))
          outcome.failures.set(index, retried.failures.get(position) ?? "consecutivo");
      });
    }
    toInsert.forEach((receipt, index) => {
      const record = records[index];
      if (outcome.duplicates.has(index)) {
        this.record(
          { file: receipt.file, status: "duplicado", message: "Otra carga simultánea ya importó este comprobante." },
          receipt.order,
        );
      } else if (outcome.failures.has(index)) {
        this.seen.delete(receipt.document.clave);
        this.refuse(receipt.file, "No se pudo guardar el comprobante; intente de nuevo más tarde.", receipt.order);
      } else {
        const warnings =
          receipt.warnings.length > 0
            ? ` Con ${countLabel(receipt.warnings.length, "advertencia aritmética", "advertencias aritméticas")}.`
            : "";
        this.record(
          {
            file: receipt.file,
            status: "importado",
            message:
              `${KIND_INFO[receipt.document.kind].shortLabel} ${directionAdjective(record.kind, record.direction)} ` +
              `${record.consecutivo}, ${monthLabel(record.month)}.${warnings}` +
              (record.consecutivoHeldBy !== undefined ? ` ${repeatedConsecutivoWarning(record)}` : ""),
            receiptId: String(record._id),
            month: record.month,
            tab: record.direction === "issued" ? "emitidos" : "recibidos",
          },
          receipt.order,
        );
      }
    });
  }

  private async attachMessages(messages: ParsedMessage[], final: boolean): Promise<void> {
    if (messages.length === 0) return;
    const claves = [...new Set(messages.map((message) => message.document.clave))];
    const stored = new Map((await findStoredClaves(this.organization.id, claves)).map((found) => [found.clave, found]));
    for (const message of messages) {
      const { document } = message;
      const receipt = stored.get(document.clave);
      if (!receipt) {
        if (final) {
          this.refuse(
            message.file,
            `No hay un comprobante con la clave ${document.clave} en ${this.organization.name} (${this.organization.cedula}). ` +
              "Importe primero el comprobante (puede subir ambos en la misma carga).",
            message.order,
          );
        } else {
          this.waiting.push(message);
        }
        continue;
      }
      const emisorNumero = document.emisor.identificacion?.numero;
      if (receipt.emisorNumero && emisorNumero && receipt.emisorNumero !== emisorNumero) {
        this.refuse(
          message.file,
          `La respuesta de Hacienda indica el emisor ${emisorNumero}, pero el comprobante con esa clave es de ${receipt.emisorNumero}.`,
          message.order,
        );
        continue;
      }
      const duplicate = () =>
        this.record(
          { file: message.file, status: "duplicado", message: "La respuesta de Hacienda ya estaba registrada." },
          message.order,
        );
      if (receipt.haciendaSha256 === message.sha || receipt.conflictSha256s.includes(message.sha)) {
        duplicate();
        continue;
      }
      const outcome = await addHaciendaAnswer(this.organization.id, document.clave, {
        estado: document.estado,
        mensaje: document.mensaje,
        ...(document.estadoMensaje ? { estadoMensaje: document.estadoMensaje } : {}),
        detalle: document.detalleMensaje,
        xml: Buffer.from(message.bytes),
        xmlSha256: message.sha,
        fileName: message.file,
        receivedAt: new Date(),
      });
      if (outcome === "duplicate" || outcome === "missing") {
        duplicate();
        continue;
      }
      if (outcome === "attached") this.answered.push(document.clave);
      const consecutivo = document.clave.slice(21, 41);
      this.record(
        {
          file: message.file,
          status: "importado",
          message:
            outcome === "attached"
              ? `Respuesta de Hacienda (${document.estado}) registrada en el comprobante ${consecutivo}.`
              : `Respuesta de Hacienda (${document.estado}) distinta de la ya registrada en el comprobante ${consecutivo}: ` +
                "se guardan ambas y el estado no cambia hasta que un administrador elija cuál vale.",
          receiptId: String(receipt._id),
        },
        message.order,
      );
    }
  }
}
