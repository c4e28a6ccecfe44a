/**
 * A long statement import runs in the background with a progress page that refreshes itself (no
 * JavaScript needed); its lines are stored in one transaction, so a failure leaves none of them.
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankImportJob, createBankImportJob } from "../../models/bank-import-job";
import { BankStatement } from "../../models/bank-statement";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import { bankImportJobView, INLINE_MAX_LINES } from "../../app/services/bank/import-jobs.server";
import { readUpload, storeStatement } from "../../app/services/bank/statements.server";
import { action } from "../../app/routes/_app.admin.bank";
import * as jobRoute from "../../app/routes/_app.admin.bank_.$accountID_.import.$jobID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990030";
const ORG = `CR:${CEDULA}`;
const IBAN = "CR05015202001026284066";
const LINES = INLINE_MAX_LINES + 500;
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

/** A BAC file of `count` movements, one a day from 1 January 2026 on, each with its running balance. */
function bacFile(count: number, firstReference = 0): Uint8Array {
  let balance = 100_000_000;
  const body: string[] = [];
  for (let i = 0; i < count; i++) {
    const amount = i % 3 === 0 ? -12_345 : 45_600;
    balance += amount;
    const day = new Date(Date.UTC(2026, 0, 1 + (i % 300)));
    const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/2026`;
    const money = (cents: number) => (cents / 100).toFixed(2);
    body.push(
      `${date},${900_000_000 + firstReference + i},TF,MOVIMIENTO ${firstReference + i},${money(amount < 0 ? -amount : 0)},${money(amount > 0 ? amount : 0)},${money(balance)}`,
    );
  }
  const text = [
    "Número de cliente,Nombre,Producto,Moneda,Saldo inicial,Saldo total,Fondos retenidos y diferidos,Saldo disponible,Fecha,STBGAV,STBUNC,Mensaje 1,Mensaje 2",
    `123456,PROGRESO S.A.,${IBAN},COLONES,1000000.00,0.00,0.00,0.00,31/12/2026,,,,`,
    "",
    "Fecha de transacción,Referencia de transacción,Códigos de transacción,Descripción de transacciones,Débito de transacción,Crédito de transacción,Balance de transacción",
    ...body,
  ].join("\r\n");
  return Uint8Array.from(Buffer.from(text, "latin1"));
}

function upload(bytes: Uint8Array): Promise<Response> {
  const body = new FormData();
  body.append("intent", "upload");
  body.append("accountId", String(account._id));
  body.append("statement", new Blob([new Uint8Array(bytes)]), "bac-anual.csv");
  const request = new Request(new URL(`/admin/bank?org=${CEDULA}`, BASE_URL), {
    method: "POST",
    headers: { Cookie: cookie },
    body,
  });
  return respond(() => action({ request, params: {}, context: { cspNonce: "" } }));
}

function jobPage(accountId: string, jobId: string): Promise<Response> {
  return respond(() =>
    jobRoute.loader({
      request: getRequest(`/admin/bank/${accountId}/import/${jobId}?org=${CEDULA}`, cookie),
      params: { accountID: accountId, jobID: jobId },
      context: { cspNonce: "" },
    }),
  );
}

/** Follows the job page as a browser without JavaScript would, until the job is no longer running. */
async function followJob(location: string) {
  const [, accountId, jobId] = /\/admin\/bank\/([0-9a-f]{24})\/import\/([0-9a-f]{24})/.exec(location)!;
  for (let visit = 0; visit < 1_200; visit++) {
    const response = await jobPage(accountId, jobId);
    expect(response.status).toBe(200);
    const data = (await response.json()) as { running: boolean; job: ReturnType<typeof bankImportJobView> };
    if (!data.running) return { response, data };
    expect(response.headers.get("Refresh")).toBe("2");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import did not end");
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Progreso S.A.", identificationType: "02" });
  cookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  const form = readBankAccountForm({
    bank: "bac",
    iban: IBAN,
    currency: "CRC",
    ledgerAccount: "10-01-01-03-01",
    format: "bac",
  });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(ORG, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  account = created.account;
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("a long statement import", () => {
  it("leaves nothing stored when it fails part of the way", async () => {
    const read = readUpload(account, { format: "bac", fileName: "bac.csv", bytes: bacFile(LINES) });
    if (!read.ok) throw new Error(read.refusal.message);
    let batches = 0;
    await expect(
      storeStatement(account, "tester", { format: "bac", fileName: "bac.csv" }, read.statement, () => {
        batches += 1;
        if (batches === 2) throw new Error("the disk filled up");
      }),
    ).rejects.toThrow("the disk filled up");
    expect(batches).toBe(2);
    expect(await BankStatementLine.countDocuments({ bankAccountId: account._id })).toBe(0);
    expect(await BankStatement.countDocuments({ bankAccountId: account._id })).toBe(0);
  });

  it("runs in the background behind a progress page that refreshes itself, and stores every line", async () => {
    const response = await upload(bacFile(LINES));
    expect(response.status).toBe(303);
    const { response: done, data } = await followJob(response.headers.get("Location")!);
    expect(done.headers.get("Refresh")).toBeNull();
    expect(data.job).toMatchObject({
      status: "terminada",
      statusLabel: "Terminada",
      percent: 100,
      message: "Se importaron 2500 movimientos nuevos.".replace("2500", (2_500).toLocaleString("es-CR")),
    });
    expect(await BankStatementLine.countDocuments({ bankAccountId: account._id })).toBe(LINES);
  });

  it("ends «No se importó» with the reason when the file brings nothing new", async () => {
    const response = await upload(bacFile(LINES));
    expect(response.status).toBe(303);
    const { data } = await followJob(response.headers.get("Location")!);
    expect(data.job.status).toBe("fallida");
    expect(data.job.statusLabel).toBe("No se importó");
    expect(data.job.message).toContain("El archivo no trae movimientos nuevos");
    expect(await BankStatementLine.countDocuments({ bankAccountId: account._id })).toBe(LINES);
  });

  it("shows a running job's progress, and an abandoned one as interrupted", async () => {
    const jobId = await createBankImportJob({
      organizationId: ORG,
      bankAccountId: account._id,
      userId: "tester",
      fileName: "bac.csv",
      lineCount: 3_000,
    });
    await BankImportJob.updateOne({ _id: jobId }, { $set: { newCount: 2_000, stored: 500 } });
    const job = (await BankImportJob.findById(jobId).lean())!;
    expect(bankImportJobView(job, job.updatedAt.getTime() + 1_000)).toMatchObject({
      status: "procesando",
      percent: 25,
      progress: `500 de ${(2_000).toLocaleString("es-CR")} movimientos nuevos guardados (25 %) · el archivo trae ${(3_000).toLocaleString("es-CR")} movimientos.`,
    });
    expect(bankImportJobView(job, job.updatedAt.getTime() + 10 * 60_000)).toMatchObject({
      status: "interrumpida",
      message:
        "La importación se interrumpió (el servidor se reinició); no se guardó ningún movimiento del archivo. Vuelva a subirlo.",
    });
    const page = await jobPage(String(account._id), jobId);
    expect(page.status).toBe(200);
    expect(page.headers.get("Refresh")).toBe("2");
  });

  it("answers 404 for an unknown job or one of another account", async () => {
    expect((await jobPage(String(account._id), "65f0c0ffee0000000000dead")).status).toBe(404);
    const other = await createBankImportJob({
      organizationId: ORG,
      bankAccountId: new Types.ObjectId(),
      userId: "tester",
      fileName: "otro.csv",
      lineCount: 10,
    });
    expect((await jobPage(String(account._id), other)).status).toBe(404);
  });
});
