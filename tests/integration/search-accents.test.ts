/**
 * Every search box ignores accents and case: «Irazu» finds «Irazú» and «IRAZÚ» finds «irazu», in the
 * receipts of the month, the entries list, the clients list, the invoice's receptor search, the catalog
 * and the account pickers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountFilter } from "../../app/components/AccountPicker";
import { buildCatalog, flattenCatalog, searchCatalog } from "../../app/domain/catalog";
import { parseAmount } from "../../app/domain/money";
import { searchCounterparties } from "../../app/services/invoicing/drafts.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { listEntries } from "../../app/services/ledger/read.server";
import { listOrganizations, ensureOrganization } from "../../models/organization";
import { loadMonthView } from "../../app/services/receipts/receipts.server";
import { generateBatch } from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const MONTH = "2025-10";
const IRAZU = {
  nombre: "Constructora Irazú S.A.",
  identificacion: { tipo: "02" as const, numero: "3101777888" },
  codigoActividad: "410001",
};
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: FERRETERIA.id, name: FERRETERIA.name, identificationType: "02" });
  await ensureOrganization({ _id: "CR:3101555666", name: "Agrícola Irazú Ltda.", identificationType: "02" });
  await ensureOrganization({ _id: "CR:3101555667", name: "Soda Poás", identificationType: "02" });
  await importDocuments(
    generateBatch({
      seed: "accents",
      count: 2,
      month: MONTH,
      emisor: IRAZU,
      receptor: {
        nombre: FERRETERIA.name,
        identificacion: { tipo: "02", numero: FERRETERIA.cedula },
      },
      mensajeHaciendaShare: 0,
      kinds: { FE: 1 },
    }),
  );
  const posted = await createAndPost(
    FERRETERIA.id,
    {
      date: "2025-10-10",
      description: "Mantenimiento del local (Constructora Irazú)",
      lines: [
        { account: "60-01-01-00-00", debit: parseAmount("1000")!, description: "Reparación en Cartago" },
        { account: "10-01-01-01-00", credit: parseAmount("1000")!, description: "" },
      ],
    },
    { by: "contador@test" },
  );
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
});

afterAll(async () => {
  await environment?.close();
});

const QUERIES = ["Irazú", "Irazu", "IRAZU", "irazú", "iRaZú"];

describe("searches that ignore accents and case", () => {
  it("receipts of the month: by the counterpart's name", async () => {
    for (const q of QUERIES) {
      const view = await loadMonthView(FERRETERIA, { month: MONTH, tab: "recibidos", q, page: 1 });
      expect(view.count, q).toBe(2);
    }
  });

  it("entries list: description and line descriptions kept as typed", async () => {
    for (const q of [...QUERIES, "mantenimiento DEL local", "reparacion en cartago"]) {
      const list = await listEntries(FERRETERIA.id, { text: q }, { page: 1 });
      expect(
        list.rows.map((row) => row.description),
        q,
      ).toEqual(["Mantenimiento del local (Constructora Irazú)"]);
    }
    expect((await listEntries(FERRETERIA.id, { text: "Irazo" }, { page: 1 })).rows).toEqual([]);
  });

  it("clients list: names kept as typed", async () => {
    for (const q of [...QUERIES, "agricola", "poas", "POÁS"]) {
      const names = (await listOrganizations({ search: q })).map((organization) => organization.name);
      expect(names.length, q).toBe(1);
    }
    expect((await listOrganizations({ search: "Irazu" })).map((organization) => organization.name)).toEqual([
      "Agrícola Irazú Ltda.",
    ]);
    // Regex characters typed by a person are text, not a pattern.
    expect(await listOrganizations({ search: "S.A.(" })).toEqual([]);
  });

  it("the invoice's receptor search: people the organization dealt with", async () => {
    for (const q of QUERIES) {
      const found = await searchCounterparties(FERRETERIA.id, q);
      expect(
        found.map((party) => party.numero),
        q,
      ).toEqual(["3101777888"]);
    }
  });

  it("the catalog and the account pickers", () => {
    const tree = buildCatalog({});
    for (const q of ["credito", "CRÉDITO", "Crédito"]) expect(searchCatalog(tree, q).length, q).toBeGreaterThan(0);
    const nodes = new Map(flattenCatalog(tree).map((node) => [node.key, node]));
    const filter = accountFilter(nodes);
    const options = [...nodes.values()].map((node) => ({ value: node.key, label: `${node.key} ${node.label}` }));
    const found = (search: string) => filter({ options, search, limit: 100 }).length;
    expect(found("credito")).toBeGreaterThan(0);
    expect(found("credito")).toBe(found("CRÉDITO"));
  });
});
