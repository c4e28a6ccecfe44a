import { Receipt } from "~models/receipt";
import type { ReceiptForBooking } from "~models/receipt-booking";
import {
  simulateReceipt,
  summarizeSimulation,
  type SimulationResult,
  type SimulationSummary,
} from "~/domain/rules/simulate";
import { bookingInputOf, partyAccountsOf, referencedDocuments } from "~/services/booking/booking-input.server";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { compactForms, formsWanted } from "~/services/receipts/compact-receipts.server";
import { loadRules } from "./rules.server";

type StoredReceipt = ReceiptForBooking & {
  parsed?: unknown;
  fechaEmision: Date;
  emisor: { nombre: string };
  colones: { totalComprobante: bigint };
};

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

/**
 * «Simular»: the month's received receipts through the organization's rules and the booking plan,
 * without writing anything. The rules and the plan read each receipt's compact parsed form (decision
 * 137), as booking does.
 */
export async function simulateMonth(organizationId: string, month: string): Promise<Simulation> {
  const scope = { month, direction: "received" as const };
  const [rules, accounts, stored] = await Promise.all([
    loadRules(organizationId),
    getDefaultAccounts(organizationId),
    Receipt.find(
      { organizationId, direction: "received", month },
      {
        kind: 1,
        direction: 1,
        consecutivo: 1,
        fechaEmision: 1,
        "emisor.nombre": 1,
        "colones.totalComprobante": 1,
        referencedClaves: 1,
        "hacienda.estado": 1,
        "receptorMessage.mensaje": 1,
        "receptorMessage.condicionImpuesto": 1,
        "receptorMessage.montoTotalImpuestoAcreditar": 1,
        ...(formsWanted(organizationId, scope) ? { parsed: 1 } : {}),
      },
    )
      .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
      .setOptions(EXACT)
      .lean<StoredReceipt[]>(),
  ]);
  const [referenced, forms] = await Promise.all([
    referencedDocuments(organizationId, stored),
    compactForms(organizationId, stored, scope),
  ]);
  const parties = await partyAccountsOf(
    organizationId,
    stored.map((receipt) => ({ direction: receipt.direction, document: forms.get(String(receipt._id)) })),
  );

  const receipts: SimulatedReceipt[] = [];
  const results: SimulationResult[] = [];
  let unreadable = 0;
  for (const receipt of stored) {
    const document = forms.get(String(receipt._id));
    const base = {
      id: String(receipt._id),
      kind: receipt.kind,
      consecutivo: receipt.consecutivo,
      fechaEmision: receipt.fechaEmision,
      emisor: receipt.emisor.nombre,
      totalColones: receipt.colones.totalComprobante,
    };
    if (!document) {
      unreadable++;
      receipts.push({ ...base, result: { status: "unreadable", message: "No se pudo leer el XML del comprobante." } });
      continue;
    }
    const result = simulateReceipt(
      { ...bookingInputOf(receipt, document, referenced, parties), document },
      rules,
      accounts,
    );
    results.push(result);
    receipts.push({ ...base, result });
  }
  return { summary: { ...summarizeSimulation(rules, results), unreadable }, receipts };
}
