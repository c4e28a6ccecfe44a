import { Receipt } from "~models/receipt";
import type { ReceptorAnswerInput } from "~/domain/booking/plan-types";
import { decodeXmlBytes, parseComprobante, type ElectronicReceipt, type ReceiptKind } from "~/domain/hacienda";
import {
  simulateReceipt,
  summarizeSimulation,
  type SimulationResult,
  type SimulationSummary,
} from "~/domain/rules/simulate";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { loadRules } from "./rules.server";

interface StoredAnswer {
  mensaje: 1 | 2 | 3;
  condicionImpuesto?: string;
  montoTotalImpuestoAcreditar?: bigint;
}

interface StoredReceipt {
  _id: unknown;
  clave: string;
  kind: string;
  consecutivo: string;
  fechaEmision: Date;
  emisor: { nombre: string; numero?: string };
  colones: { totalComprobante: bigint };
  referencedClaves?: string[];
  hacienda?: { estado?: "aceptado" | "parcial" | "rechazado" };
  receptorMessage?: StoredAnswer;
  xml?: unknown;
}

export interface SimulatedReceipt {
  id: string;
  kind: string;
  consecutivo: string;
  fechaEmision: Date;
  emisor: string;
  totalColones: bigint;
  result: SimulationResult | { status: "unreadable"; message: string };
}

export interface Simulation {
  summary: SimulationSummary & { unreadable: number };
  receipts: SimulatedReceipt[];
}

// bigint fields come back as bigint only when asked for.
const EXACT = { useBigInt64: true } as const;

/** Stored bytes as a Uint8Array, whichever form the driver hands back (Buffer or BSON Binary). */
function bytesOf(stored: unknown): Uint8Array {
  if (stored instanceof Uint8Array) return stored;
  const binary = stored as { value?: () => Uint8Array; buffer?: Uint8Array; position?: number } | undefined;
  if (binary && typeof binary.value === "function") return binary.value();
  if (binary?.buffer) return binary.buffer.subarray(0, binary.position ?? binary.buffer.length);
  return new Uint8Array();
}

function answerOf(stored: StoredAnswer | undefined): ReceptorAnswerInput | undefined {
  if (!stored) return undefined;
  return {
    mensaje: stored.mensaje,
    ...(stored.condicionImpuesto ? { condicionImpuesto: stored.condicionImpuesto } : {}),
    ...(stored.montoTotalImpuestoAcreditar !== undefined
      ? { montoTotalImpuestoAcreditar: stored.montoTotalImpuestoAcreditar }
      : {}),
  };
}

/** The documents credit notes reference, among the organization's receipts: their kind and the receptor's answer. */
async function referencedDocuments(
  organizationId: string,
  claves: string[],
): Promise<Map<string, { kind: ReceiptKind; receptorAnswer?: ReceptorAnswerInput }>> {
  if (claves.length === 0) return new Map();
  const found = await Receipt.find(
    { organizationId, clave: { $in: claves } },
    {
      clave: 1,
      kind: 1,
      "receptorMessage.mensaje": 1,
      "receptorMessage.condicionImpuesto": 1,
      "receptorMessage.montoTotalImpuestoAcreditar": 1,
    },
  )
    .setOptions(EXACT)
    .lean<Array<Pick<StoredReceipt, "clave" | "kind" | "receptorMessage">>>();
  return new Map(
    found.map((receipt) => [
      receipt.clave,
      { kind: receipt.kind as ReceiptKind, receptorAnswer: answerOf(receipt.receptorMessage) },
    ]),
  );
}

/**
 * «Simular»: the month's received receipts through the organization's rules and the booking plan,
 * without writing anything. Each XML is read again: the rules look at lines the stored summary lacks.
 */
export async function simulateMonth(organizationId: string, month: string): Promise<Simulation> {
  const [rules, accounts, stored] = await Promise.all([
    loadRules(organizationId),
    getDefaultAccounts(organizationId),
    Receipt.find(
      { organizationId, direction: "received", month },
      {
        clave: 1,
        kind: 1,
        consecutivo: 1,
        fechaEmision: 1,
        "emisor.nombre": 1,
        "colones.totalComprobante": 1,
        referencedClaves: 1,
        "hacienda.estado": 1,
        "receptorMessage.mensaje": 1,
        "receptorMessage.condicionImpuesto": 1,
        "receptorMessage.montoTotalImpuestoAcreditar": 1,
        xml: 1,
      },
    )
      .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
      .setOptions(EXACT)
      .lean<StoredReceipt[]>(),
  ]);
  const referenced = await referencedDocuments(
    organizationId,
    stored.filter((receipt) => receipt.kind === "NC").flatMap((receipt) => receipt.referencedClaves ?? []),
  );

  const receipts: SimulatedReceipt[] = [];
  const results: SimulationResult[] = [];
  let unreadable = 0;
  for (const receipt of stored) {
    const parsed = parseComprobante(decodeXmlBytes(bytesOf(receipt.xml)));
    receipt.xml = undefined;
    const base = {
      id: String(receipt._id),
      kind: receipt.kind,
      consecutivo: receipt.consecutivo,
      fechaEmision: receipt.fechaEmision,
      emisor: receipt.emisor.nombre,
      totalColones: receipt.colones.totalComprobante,
    };
    if (!parsed.ok || parsed.document.kind === "MH") {
      unreadable++;
      receipts.push({ ...base, result: { status: "unreadable", message: "No se pudo leer el XML del comprobante." } });
      continue;
    }
    const document = parsed.document as ElectronicReceipt;
    const reference = (receipt.referencedClaves ?? []).map((clave) => referenced.get(clave)).find(Boolean);
    const result = simulateReceipt(
      {
        document,
        direction: "received",
        ...(receipt.hacienda?.estado ? { haciendaEstado: receipt.hacienda.estado } : {}),
        ...(receipt.receptorMessage ? { receptorAnswer: answerOf(receipt.receptorMessage) } : {}),
        ...(reference ? { referenced: reference } : {}),
      },
      rules,
      accounts,
    );
    results.push(result);
    receipts.push({ ...base, result });
  }
  return { summary: { ...summarizeSimulation(rules, results), unreadable }, receipts };
}
