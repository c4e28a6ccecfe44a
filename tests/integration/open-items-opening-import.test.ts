/**
 * The opening-balance import of /receivables and /payables: a CSV posted as a plain multipart form
 * (no JavaScript); all lines or none; the items it makes explain the control account's opening entry,
 * so the agreement with the books holds before and after paying one of them.
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { CalendarDate } from "../../app/domain/calendar";
import { parseAmount } from "../../app/domain/money";
import type { Side } from "../../app/domain/open-items";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { registerPayment } from "../../app/services/open-items/payments.server";
import { agingView } from "../../app/services/open-items/aging.server";
import { Counterparty } from "../../models/counterparty";
import { OpenItem } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA } from "./receipts-fixtures";
import * as receivablesRoute from "../../app/routes/_app.receivables";
import * as payablesRoute from "../../app/routes/_app.payables";

let environment: AppEnvironment;
let admin: string;
let client: string;
const actor = { by: String(new Types.ObjectId()) };
const AT = "2025-12-31" as CalendarDate;
const CAPITAL = "30-01-01-00-00";
const HEADER = "cédula,documento,fecha,vencimiento,monto,nombre";
const CUSTOMERS = [
  HEADER,
  "3101555001,FE-1001,2025-11-30,2025-12-30,1000000.00,Constructora Norte S.A.",
  "3101555001,FE-1002,2025-12-15,2026-01-14,250000.00,",
  '110230456,FE-1003,15/10/2025,14/11/2025,"250 000,00",Ana Mora Solís',
].join("\r\n");

function upload(side: Side, csv: string | Uint8Array, cookie: string) {
  const body = new FormData();
  body.append(
    "archivo",
    new Blob([new Uint8Array(typeof csv === "string" ? new TextEncoder().encode(csv) : csv)]),
    "saldos.csv",
  );
  const path = side === "receivable" ? "/receivables" : "/payables";
  const request = new Request(new URL(`${path}?org=3101123456&at=${AT}`, BASE_URL), {
    method: "POST",
    headers: { Cookie: cookie },
    body,
  });
  const route = side === "receivable" ? receivablesRoute : payablesRoute;
  return respond(() => route.action({ request, params: {}, context: { cspNonce: "" } } as ActionFunctionArgs));
}

async function counts() {
  return {
    items: await OpenItem.countDocuments({ organizationId: FERRETERIA.id }),
    parties: await Counterparty.countDocuments({ organizationId: FERRETERIA.id }),
  };
}

async function errorsOf(response: Response): Promise<string[]> {
  return ((await response.json()) as { errors: string[] }).errors;
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id);
  client = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA.id]: "client" } })).id,
  );
  const accounts = await getDefaultAccounts(FERRETERIA.id);
  const posted = await createAndPost(
    FERRETERIA.id,
    {
      date: "2025-11-01",
      description: "Asiento de apertura",
      lines: [
        { account: accounts.receivable, debit: parseAmount("1500000")! },
        { account: accounts.payable, credit: parseAmount("300000")! },
        { account: CAPITAL, credit: parseAmount("1200000")! },
      ],
    },
    actor,
  );
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" | "));
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("Importar saldos iniciales", () => {
  it("shows the opening entry as an unexplained difference before any import", async () => {
    const { agreement } = await agingView(FERRETERIA.id, "receivable", AT);
    expect(agreement.difference).toBe(150_000_000n);
    expect(agreement.other).toBe(150_000_000n);
  });

  it("refuses a file with any bad line, naming line and field, and writes nothing", async () => {
    const before = await counts();
    const response = await upload(
      "receivable",
      `${CUSTOMERS}\r\n3101555002,FE-1004,2025-12-01,2025-11-01,100,Otra S.A.\r\n3101555003,FE-1005,2025-12-01,2025-12-31,100,`,
      admin,
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      "Línea 5, vencimiento: el vencimiento es anterior a la fecha.",
      "Línea 6, cédula: la cédula no corresponde a ningún cliente o proveedor conocido: agregue la columna nombre.",
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a client user (sent home), a missing file and one over the size limit, writing nothing", async () => {
    const before = await counts();
    const asClient = await upload("receivable", CUSTOMERS, client);
    expect(asClient.status).toBe(302);
    expect(asClient.headers.get("Location")).toBe("/");
    expect(await errorsOf(await upload("receivable", "", admin))).toEqual([
      "Elija el archivo CSV con los saldos iniciales.",
    ]);
    const tooLarge = await upload("receivable", new Uint8Array(1024 * 1024 + 1).fill(0x41), admin);
    expect(tooLarge.status).toBe(413);
    expect(await errorsOf(tooLarge)).toEqual(["El archivo supera 1 MB."]);
    expect(await counts()).toEqual(before);
  });

  it("imports the whole file: the items explain the opening entry, and the agreement holds", async () => {
    const before = await counts();
    const response = await upload("receivable", CUSTOMERS, admin);
    expect(response.status).toBe(302);
    expect(await counts()).toEqual({ items: before.items + 3, parties: before.parties + 2 });
    const { agreement, parties } = await agingView(FERRETERIA.id, "receivable", AT);
    expect(agreement).toMatchObject({ difference: 0n, control: 150_000_000n, opening: 150_000_000n, openingCount: 3 });
    const norte = parties.find((party) => party.cedula === "3101555001")!;
    expect(norte).toMatchObject({ nombre: "Constructora Norte S.A.", openCount: 2 });
    expect(norte.aging.current).toBe(25_000_000n);
    expect(norte.aging.days1to30).toBe(100_000_000n);
  });

  it("refuses the same documents again (nothing written), and the payable side agrees after its own import", async () => {
    const before = await counts();
    const again = await upload("receivable", CUSTOMERS, admin);
    expect(again.status).toBe(400);
    expect(await errorsOf(again)).toContain("Línea 2, documento: este documento ya tiene un saldo inicial importado.");
    expect(await counts()).toEqual(before);

    const suppliers = `${HEADER}\n3101555001,F-77,2025-10-01,2025-10-31,300000,\n`;
    expect((await upload("payable", suppliers, admin)).status).toBe(302);
    const { agreement } = await agingView(FERRETERIA.id, "payable", AT);
    expect(agreement).toMatchObject({ difference: 0n, control: 30_000_000n, opening: 30_000_000n, openingCount: 1 });
  });

  it("a cobro of an imported balance posts through the ledger and keeps the agreement", async () => {
    const item = (await OpenItem.findOne({ organizationId: FERRETERIA.id, consecutivo: "FE-1003" }).lean())!;
    const outcome = await registerPayment(
      FERRETERIA.id,
      "receivable",
      String(item.partyId),
      {
        date: "2025-12-20" as CalendarDate,
        moneyAccount: "10-01-01-01-00",
        applications: [{ itemId: String(item._id) }],
      },
      actor,
    );
    expect(outcome.ok).toBe(true);
    const { agreement } = await agingView(FERRETERIA.id, "receivable", AT);
    expect(agreement).toMatchObject({ difference: 0n, control: 125_000_000n, opening: 125_000_000n, openingCount: 2 });
  });
});
