/**
 * Demo receipts: every active demo client gets the current month (up to today), the two months before
 * it, and June 2025 (when versions 4.3 and 4.4 were both in use): issued and received documents of
 * every kind, some in dollars, some with Hacienda's answer. Generated deterministically and imported
 * as a ZIP through the same path as an upload. Idempotent: a client that already has receipts is left
 * as it is, so running it again creates nothing.
 */
import { organizationHasReceipts } from "../models/receipt";
import { currentMonth, firstDayOfMonth, shiftMonth, startOfDay } from "../app/domain/calendar";
import { importFiles } from "../app/services/receipts/receipts-upload.server";
import { toCedula } from "../app/domain/organization-id";
import { generateBatch, type GeneratedDocument, type SampleParty } from "./hacienda-samples/src/generate";
import { zipSamples } from "./hacienda-samples/src/output";
import { DEMO_ORGANIZATIONS } from "./demo-data";

/** June 2025: both versions were accepted, so the archive shows 4.3 and 4.4 documents. */
const MIXED_VERSIONS_MONTH = "2025-06";

function sampleParty(organization: (typeof DEMO_ORGANIZATIONS)[number]): SampleParty {
  return {
    nombre: organization.name,
    identificacion: { tipo: organization.identificationType, numero: toCedula(organization._id) },
    ...(organization.commercialName ? { nombreComercial: organization.commercialName } : {}),
    ...(organization.contactEmail ? { correo: organization.contactEmail } : {}),
    ...(organization.activityCodes?.[0] ? { codigoActividad: organization.activityCodes[0] } : {}),
  };
}

export function demoReceiptDocuments(
  organization: (typeof DEMO_ORGANIZATIONS)[number],
  now: Date = new Date(),
): GeneratedDocument[] {
  const party = sampleParty(organization);
  const month = currentMonth(now);
  const months = [MIXED_VERSIONS_MONTH, shiftMonth(month, -2), shiftMonth(month, -1)].filter(
    (candidate) => candidate < month,
  );
  // One numbering per series across the months, as an issuer's documents are numbered.
  const sequences = new Map<string, number>();
  const documents = [...new Set(months)].sort().flatMap((candidate) =>
    generateBatch({
      seed: `demo:${organization._id}:${candidate}`,
      count: 28,
      month: candidate,
      organization: party,
      mensajeHaciendaShare: 0.4,
      sequences,
    }),
  );
  // The current month only up to now: no receipt is dated in the future.
  const currentStart = startOfDay(firstDayOfMonth(month));
  if (now.getTime() - currentStart.getTime() > 60 * 60 * 1000) {
    documents.push(
      ...generateBatch({
        seed: `demo:${organization._id}:${month}`,
        count: 10,
        from: currentStart,
        to: now,
        organization: party,
        mensajeHaciendaShare: 0.3,
        sequences,
      }),
    );
  }
  return documents;
}

export async function seedDemoReceipts({ log }: { log: (line: string) => void }): Promise<void> {
  for (const organization of DEMO_ORGANIZATIONS) {
    if (organization.active === false) continue;
    if (await organizationHasReceipts(organization._id)) {
      log(`  ${organization.name}: already has receipts, left as they are`);
      continue;
    }
    const documents = demoReceiptDocuments(organization);
    const cedula = toCedula(organization._id);
    const report = await importFiles([{ name: `demo-${cedula}.zip`, bytes: zipSamples(documents) }], {
      id: organization._id,
      cedula,
      name: organization.name,
    });
    const refused = report.results.filter((result) => result.status === "rechazado");
    if (refused.length > 0)
      throw new Error(
        `demo receipts of ${organization._id} refused: ${refused.map((r) => `${r.file}: ${r.message}`).join("; ")}`,
      );
    log(`  ${organization.name}: ${report.counts.importado} demo receipts and Hacienda answers imported`);
  }
}
