import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser, type Persona } from "../support/users";
import { storeAnsweredReceipt } from "./receipts-fixtures";
import { createImportJob } from "../../models/import-job";
import { findReceipt } from "../../models/receipt";
import { keepReceiptPdf } from "../../models/receipt-pdf";
import { createBookingJob } from "../../models/booking-job";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { createTemplate } from "../../app/services/templates/templates.server";
import { createRule } from "../../app/services/rules/rules.server";
import { invoiceFormSchema } from "../../app/domain/invoicing/form";
import { createDraft } from "../../app/services/invoicing/drafts.server";
import { issueInvoice } from "../../app/services/invoicing/issue-invoice.server";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { syncOpenItems } from "../../app/services/open-items/sync.server";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import { createBankImportJob } from "../../models/bank-import-job";
import { Counterparty } from "../../models/counterparty";
import { OpenItem } from "../../models/open-item";

/**
 * Every route module, exercised as every kind of visitor. Adding a route is one line in ROUTES; a
 * route file missing from ROUTES fails the suite, and so does a loader or action that skips its guard.
 *
 * access: "public" (anyone), "user" (complete sign-in), "admin" (admin, super admin or root).
 * Organization scope is read from the module itself: every loader and action that calls
 * requireOrgContext works on one organization, so an admin of another organization asking for
 * Ferretería El Clavo (?org=3101123456) must get 404. A route that does not call it must be listed in
 * WITHOUT_ORGANIZATION (public, or guarded by sign-in alone), or the suite fails.
 */
interface RouteCase {
  file: string;
  path: string;
  access: "public" | "user" | "admin";
  params?: Record<string, string>;
  form?: Record<string, string>;
  hasAction?: boolean;
  /** The action's own access when it is stricter than the loader's (an admin form on a page everyone reads). */
  actionAccess?: "admin";
}

// Receipt routes need a receipt of Ferretería El Clavo: stored (answered) under this id in beforeAll.
const RECEIPT_ID = "65f0c0ffee00000000000001";
// An import job of Ferretería El Clavo, stored under this id in beforeAll.
const IMPORT_JOB_ID = "65f0c0ffee00000000000002";
// A posted entry of Ferretería El Clavo: the ledger gives it an id in beforeAll.
const ENTRY_PARAMS: Record<string, string> = { entryID: "" };
// The entry form edits that same entry.
const FORM_ENTRY_PARAMS: Record<string, string> = { accountEntryID: "" };
// An entry template of Ferretería El Clavo, created in beforeAll.
const TEMPLATE_PARAMS: Record<string, string> = { templateID: "" };
// A reception rule of Ferretería El Clavo: created in beforeAll.
const RULE_PARAMS: Record<string, string> = { ruleID: "" };
// A month booking run of Ferretería El Clavo: created in beforeAll.
const BOOKING_JOB_PARAMS: Record<string, string> = { jobID: "" };
// An invoice draft of Ferretería El Clavo, and one issued (its PDF): created in beforeAll.
const INVOICE_PARAMS: Record<string, string> = { invoiceID: "" };
const ISSUED_INVOICE_PARAMS: Record<string, string> = { invoiceID: "" };
// A customer and a supplier of Ferretería El Clavo (from the issued invoice and the received receipt).
const CUSTOMER_PARAMS: Record<string, string> = { partyId: "" };
const SUPPLIER_PARAMS: Record<string, string> = { partyId: "" };
// A bank account of Ferretería El Clavo, created in beforeAll.
const BANK_ACCOUNT_PARAMS: Record<string, string> = { accountID: "" };
// A statement import of that account, created in beforeAll.
const BANK_IMPORT_JOB_PARAMS: Record<string, string> = { accountID: "", jobID: "" };

const ROUTES: RouteCase[] = [
  { file: "$.tsx", path: "/no-existe", access: "public" },
  { file: "login.tsx", path: "/login", access: "public" },
  { file: "otp.tsx", path: "/otp", access: "public" },
  { file: "otp-verification.tsx", path: "/otp-verification?id=000000000000000000000000", access: "public" },
  { file: "logout.tsx", path: "/logout", access: "public" },
  { file: "forgot-password.tsx", path: "/forgot-password", access: "public" },
  { file: "reset-password.tsx", path: "/reset-password?token=nada", access: "public" },
  { file: "_app.tsx", path: "/", access: "user" },
  { file: "_app.admin.organizations._index.tsx", path: "/admin/organizations", access: "admin" },
  {
    file: "_app.admin.organizations.$orgID.tsx",
    path: "/admin/organizations/3101123456",
    access: "admin",
    params: { orgID: "3101123456" },
  },
  { file: "_app.admin.catalog.tsx", path: "/admin/catalog", access: "admin" },
  { file: "_app.admin.board.tsx", path: "/admin/board", access: "admin" },
  { file: "_app.admin.board[.]csv.tsx", path: "/admin/board.csv", access: "admin" },
  { file: "_app.admin.board[.]xlsx.tsx", path: "/admin/board.xlsx", access: "admin" },
  { file: "_app.admin.income-brackets.tsx", path: "/admin/income-brackets", access: "admin" },
  {
    file: "_app.admin.income-brackets_.$year.$kind.tsx",
    path: "/admin/income-brackets/2026/persona-juridica",
    access: "admin",
    params: { year: "2026", kind: "persona-juridica" },
  },
  { file: "_app.admin.income-tax.tsx", path: "/admin/income-tax?year=2026", access: "admin" },
  {
    file: "_app.admin.exchange-rates.tsx",
    path: "/admin/exchange-rates",
    access: "admin",
    form: { date: "2026-11-20", buy: "503,12", sell: "509,87", reason: "Matriz de acceso" },
  },
  {
    file: "_app.admin.exchange-difference.tsx",
    path: "/admin/exchange-difference?month=2025-10",
    access: "admin",
    form: { intent: "revertir", basis: "sell" },
  },
  { file: "_app.admin.vat.tsx", path: "/admin/vat?month=2025-10", access: "admin" },
  { file: "_app.admin.vat[.]xlsx.tsx", path: "/admin/vat.xlsx?month=2025-10", access: "admin" },
  { file: "_app.admin.vat[.]pdf.tsx", path: "/admin/vat.pdf?month=2025-10", access: "admin" },
  { file: "_app.admin.catalog.csv.tsx", path: "/admin/catalog/csv", access: "admin" },
  { file: "_app.admin.accounting-entry-templates.tsx", path: "/admin/accounting-entry-templates", access: "admin" },
  { file: "_app.admin.rules.tsx", path: "/admin/rules", access: "admin" },
  { file: "_app.admin.mailboxes.tsx", path: "/admin/mailboxes", access: "admin" },
  { file: "_app.admin.bank.tsx", path: "/admin/bank", access: "admin" },
  {
    file: "_app.admin.bank_.$accountID.tsx",
    path: "/admin/bank/account",
    access: "admin",
    params: BANK_ACCOUNT_PARAMS,
  },
  {
    file: "_app.admin.bank_.$accountID_.rules.tsx",
    path: "/admin/bank/account/rules",
    access: "admin",
    params: BANK_ACCOUNT_PARAMS,
  },
  {
    file: "_app.admin.bank_.$accountID_.import.$jobID.tsx",
    path: "/admin/bank/account/import/job",
    access: "admin",
    params: BANK_IMPORT_JOB_PARAMS,
  },
  {
    file: "_app.admin.bank_.$accountID_.reconciliation[.]pdf.tsx",
    path: "/admin/bank/account/reconciliation.pdf",
    access: "admin",
    params: BANK_ACCOUNT_PARAMS,
  },
  {
    file: "_app.admin.bank_.$accountID_.reconciliation[.]xlsx.tsx",
    path: "/admin/bank/account/reconciliation.xlsx",
    access: "admin",
    params: BANK_ACCOUNT_PARAMS,
  },
  { file: "_app.admin.rules_.new.tsx", path: "/admin/rules/new", access: "admin" },
  { file: "_app.admin.rules_.$ruleID.tsx", path: "/admin/rules/rule", access: "admin", params: RULE_PARAMS },
  { file: "_app.admin.rules_.simulate.tsx", path: "/admin/rules/simulate?month=2026-01", access: "admin" },
  {
    file: "_app.admin.accounting-entry-templates_.new.tsx",
    path: "/admin/accounting-entry-templates/new",
    access: "admin",
  },
  {
    file: "_app.admin.accounting-entry-templates_.$templateID.tsx",
    path: "/admin/accounting-entry-templates/template",
    access: "admin",
    params: TEMPLATE_PARAMS,
  },
  { file: "_app.admin.rules_.default-accounts.tsx", path: "/admin/rules/default-accounts", access: "admin" },
  {
    file: "_app.admin.invoice.($invoiceID).tsx",
    path: "/admin/invoice/draft",
    access: "admin",
    params: INVOICE_PARAMS,
  },
  {
    file: "_app.admin.invoice_.$invoiceID.pdf.tsx",
    path: "/admin/invoice/issued/pdf",
    access: "admin",
    params: ISSUED_INVOICE_PARAMS,
  },
  { file: "_app._index.tsx", path: "/", access: "user" },
  { file: "_app.detail._index.tsx", path: "/detail?index", access: "user" },
  { file: "_app.detail.import.tsx", path: "/detail/import", access: "user" },
  {
    file: "_app.detail.import_.$jobID.tsx",
    path: `/detail/import/${IMPORT_JOB_ID}`,
    access: "user",
    params: { jobID: IMPORT_JOB_ID },
  },
  {
    file: "_app.detail.$invoiceID.hacienda.tsx",
    path: `/detail/${RECEIPT_ID}/hacienda`,
    access: "user",
    params: { invoiceID: RECEIPT_ID },
  },
  {
    file: "_app.detail.$invoiceID.reintentar.tsx",
    path: `/detail/${RECEIPT_ID}/reintentar`,
    access: "user",
    params: { invoiceID: RECEIPT_ID },
  },
  {
    file: "_app.detail.$invoiceID.tsx",
    path: `/detail/${RECEIPT_ID}`,
    access: "user",
    params: { invoiceID: RECEIPT_ID },
  },
  {
    file: "_app.detail.$invoiceID.pdf.tsx",
    path: `/detail/${RECEIPT_ID}/pdf`,
    access: "user",
    params: { invoiceID: RECEIPT_ID },
  },
  {
    file: "_app.detail.$invoiceID.xml.tsx",
    path: `/detail/${RECEIPT_ID}/xml`,
    access: "user",
    params: { invoiceID: RECEIPT_ID },
  },
  {
    file: "_app.detail.$invoiceID.contabilizar.tsx",
    path: `/detail/${RECEIPT_ID}/contabilizar`,
    access: "admin",
    params: { invoiceID: RECEIPT_ID },
  },
  { file: "_app.booking.month.tsx", path: "/booking/month", access: "admin", form: { month: "2020-01" } },
  { file: "_app.booking.$jobID.tsx", path: "/booking/job", access: "admin", params: BOOKING_JOB_PARAMS },
  {
    file: "_app.detail.$invoiceID.mensaje-receptor.tsx",
    path: `/detail/${RECEIPT_ID}/mensaje-receptor`,
    access: "user",
    params: { invoiceID: RECEIPT_ID },
  },
  { file: "_app.receipts[.]csv.tsx", path: "/receipts.csv", access: "user" },
  { file: "_app.receipts[.]xlsx.tsx", path: "/receipts.xlsx", access: "user" },
  { file: "_app.results.tsx", path: "/results", access: "user" },
  { file: "_app.results[.]csv.tsx", path: "/results.csv", access: "user" },
  { file: "_app.results[.]xlsx.tsx", path: "/results.xlsx", access: "user" },
  { file: "_app.results[.]pdf.tsx", path: "/results.pdf", access: "user" },
  { file: "_app.results-general.tsx", path: "/results-general", access: "user", actionAccess: "admin" },
  { file: "_app.results-general[.]csv.tsx", path: "/results-general.csv", access: "user" },
  { file: "_app.results-general[.]xlsx.tsx", path: "/results-general.xlsx", access: "user" },
  { file: "_app.results-general[.]pdf.tsx", path: "/results-general.pdf", access: "user" },
  { file: "_app.results-all.tsx", path: "/results-all", access: "user" },
  { file: "_app.results-all[.]csv.tsx", path: "/results-all.csv", access: "user" },
  { file: "_app.results-all[.]xlsx.tsx", path: "/results-all.xlsx", access: "user" },
  { file: "_app.results-all[.]pdf.tsx", path: "/results-all.pdf", access: "user" },
  // Clients read the aging; importing opening balances is for admins.
  { file: "_app.receivables.tsx", path: "/receivables", access: "user", actionAccess: "admin" },
  // Clients read the statement; its action (registrar, deshacer, datos) is for admins.
  {
    file: "_app.receivables_.$partyId.tsx",
    path: "/receivables/party",
    access: "user",
    params: CUSTOMER_PARAMS,
    actionAccess: "admin",
  },
  {
    file: "_app.receivables_.$partyId_.statement[.]csv.tsx",
    path: "/receivables/party/statement.csv",
    access: "user",
    params: CUSTOMER_PARAMS,
  },
  {
    file: "_app.receivables_.$partyId_.statement[.]xlsx.tsx",
    path: "/receivables/party/statement.xlsx",
    access: "user",
    params: CUSTOMER_PARAMS,
  },
  {
    file: "_app.receivables_.$partyId_.statement[.]pdf.tsx",
    path: "/receivables/party/statement.pdf",
    access: "user",
    params: CUSTOMER_PARAMS,
  },
  // Clients read the aging; importing opening balances is for admins.
  { file: "_app.payables.tsx", path: "/payables", access: "user", actionAccess: "admin" },
  // Clients read the statement; its action (registrar, deshacer, datos) is for admins.
  {
    file: "_app.payables_.$partyId.tsx",
    path: "/payables/party",
    access: "user",
    params: SUPPLIER_PARAMS,
    actionAccess: "admin",
  },
  {
    file: "_app.payables_.$partyId_.statement[.]csv.tsx",
    path: "/payables/party/statement.csv",
    access: "user",
    params: SUPPLIER_PARAMS,
  },
  {
    file: "_app.payables_.$partyId_.statement[.]xlsx.tsx",
    path: "/payables/party/statement.xlsx",
    access: "user",
    params: SUPPLIER_PARAMS,
  },
  {
    file: "_app.payables_.$partyId_.statement[.]pdf.tsx",
    path: "/payables/party/statement.pdf",
    access: "user",
    params: SUPPLIER_PARAMS,
  },
  { file: "_app.entries.list.tsx", path: "/entries/list", access: "user" },
  { file: "_app.entries.list[.]csv.tsx", path: "/entries/list.csv", access: "user" },
  { file: "_app.entries.list[.]xlsx.tsx", path: "/entries/list.xlsx", access: "user" },
  // Clients read the entry; its action (reverse, delete draft) answers them 403, an empty form 400 for admins.
  { file: "_app.entries.view.$entryID.tsx", path: "/entries/view/entry", access: "user", params: ENTRY_PARAMS },
  { file: "_app.entries.detail.new.tsx", path: "/entries/detail/new", access: "admin" },
  {
    file: "_app.entries.detail.$accountEntryID.tsx",
    path: "/entries/detail/entry",
    access: "admin",
    params: FORM_ENTRY_PARAMS,
  },
  { file: "_app.entries.movement-list.tsx", path: "/entries/movement-list?account=10-01-00-00-00", access: "admin" },
  {
    file: "_app.entries.movement-list[.]csv.tsx",
    path: "/entries/movement-list.csv?account=10-01-00-00-00",
    access: "admin",
  },
  {
    file: "_app.entries.movement-list[.]xlsx.tsx",
    path: "/entries/movement-list.xlsx?account=10-01-00-00-00",
    access: "admin",
  },
  {
    file: "_app.entries.export[.]journal.tsx",
    path: "/entries/export.journal?from=2026-01-01&to=2026-12-31",
    access: "user",
  },
];

/** Routes that work on no organization: the public ones and the clients list (it lists several). */
const WITHOUT_ORGANIZATION = new Set([
  "$.tsx",
  "login.tsx",
  "otp.tsx",
  "otp-verification.tsx",
  "logout.tsx",
  "forgot-password.tsx",
  "reset-password.tsx",
  "_app.admin.organizations._index.tsx",
  // The board spans every organization the admin administers; it chooses none.
  "_app.admin.board.tsx",
  "_app.admin.board[.]csv.tsx",
  "_app.admin.board[.]xlsx.tsx",
  // The income-tax tables are the same for every organization.
  "_app.admin.income-brackets.tsx",
  "_app.admin.income-brackets_.$year.$kind.tsx",
  // The exchange rates are the same for every organization.
  "_app.admin.exchange-rates.tsx",
]);

/** The source of each exported loader and action of a route module, up to the next top-level export. */
function handlerSources(file: string): Map<"loader" | "action", string> {
  const source = readFileSync(path.resolve("app/routes", file), "utf8");
  const handlers = new Map<"loader" | "action", string>();
  const starts = [...source.matchAll(/^export (?:async )?function (loader|action)\b/gm)];
  for (const start of starts) {
    const rest = source.slice(start.index! + start[0].length);
    const end = rest.search(/^export /m);
    handlers.set(start[1] as "loader" | "action", end === -1 ? rest : rest.slice(0, end));
  }
  return handlers;
}

function isOrganizationScoped(file: string): boolean {
  return [...handlerSources(file).values()].some((body) => /\brequireOrgContext\(/.test(body));
}

type Visitor = "anonymous" | "client" | "adminOfOther" | Exclude<Persona, "client">;
const VISITORS: Visitor[] = ["anonymous", "client", "adminOfOther", "admin", "superadmin", "root"];
const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";

let environment: AppEnvironment;
const users = new Map<Visitor, string | undefined>();

// A fresh session per call: some public actions (a failed login, logout) end the session they get.
async function cookieOf(visitor: Visitor): Promise<string | undefined> {
  const userId = users.get(visitor);
  return userId ? sessionCookieFor(userId) : undefined;
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const make = async (persona: Persona, orgs: Record<string, "admin" | "client">) =>
    (await createTestUser({ persona, orgs })).id;
  users.set("anonymous", undefined);
  users.set("client", await make("client", { [FERRETERIA]: "client" }));
  users.set("adminOfOther", await make("admin", { [SODA]: "admin" }));
  users.set("admin", await make("admin", { [FERRETERIA]: "admin" }));
  users.set("superadmin", await make("superadmin", {}));
  users.set("root", await make("root", {}));
  await storeAnsweredReceipt(RECEIPT_ID);
  // The receipt's PDF as the mail reader keeps it, for its download route.
  const answered = await findReceipt(FERRETERIA, RECEIPT_ID);
  await keepReceiptPdf(FERRETERIA, answered!.clave, "factura.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
  const posted = await createAndPost(
    FERRETERIA,
    {
      date: "2026-01-15",
      description: "Asiento de la matriz de acceso",
      lines: [
        { account: "10-01-01-01-00", debit: 100_000_000n },
        { account: "40-01-01-01-00", credit: 100_000_000n },
      ],
    },
    { by: "route-access" },
  );
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
  ENTRY_PARAMS.entryID = String(posted.entry._id);
  FORM_ENTRY_PARAMS.accountEntryID = String(posted.entry._id);
  const template = await createTemplate(
    FERRETERIA,
    {
      name: "Plantilla de la matriz de acceso",
      description: "Pago {mes}",
      lines: [
        { account: "10-01-01-01-00", description: "", side: "debito", kind: "digitar", amount: null, rate: null },
        { account: "40-01-01-01-00", description: "", side: "credito", kind: "digitar", amount: null, rate: null },
      ],
    },
    "route-access",
  );
  if (!template.ok) throw new Error(template.refusals.map((refusal) => refusal.message).join(" "));
  TEMPLATE_PARAMS.templateID = template.id;
  const rule = await createRule(
    FERRETERIA,
    { userId: users.get("admin")! },
    {
      name: "Regla de la matriz de acceso",
      mode: "all",
      conditions: [{ field: "documentType", operator: "equals", value: "FE" }],
      action: { scope: "document", account: "60-02-07-00-00", ivaTreatment: "acreditable", post: true },
    },
  );
  if (!rule.ok) throw new Error(rule.refusals.map((refusal) => refusal.message).join(" "));
  RULE_PARAMS.ruleID = rule.id;
  BOOKING_JOB_PARAMS.jobID = await createBookingJob({
    organizationId: FERRETERIA,
    userId: users.get("admin")!,
    month: "2020-01",
  });
  await configureDemoIssuer({ organizationId: FERRETERIA, userId: users.get("admin")! });
  const invoiceValues = invoiceFormSchema.parse({
    kind: "FE",
    receptorTipo: "02",
    receptorNumero: "3101456789",
    receptorNombre: "Distribuidora La Sabana S.A.",
    condicionVenta: "01",
    mediosPago: ["01"],
    lines: [
      {
        cabys: "4299900000000",
        cantidad: "1",
        unidadMedida: "Unid",
        detalle: "Martillo",
        precioUnitario: "8500",
        codigoTarifaIVA: "08",
      },
    ],
  });
  const drafts = await Promise.all([1, 2].map(() => createDraft(FERRETERIA, users.get("admin")!, invoiceValues)));
  if (!drafts[0].ok || !drafts[1].ok) throw new Error("invoice drafts of the matrix were refused");
  INVOICE_PARAMS.invoiceID = drafts[0].draft.id;
  ISSUED_INVOICE_PARAMS.invoiceID = drafts[1].draft.id;
  const issued = await issueInvoice(FERRETERIA, drafts[1].draft.id, users.get("admin")!);
  if (!issued.ok) throw new Error(issued.refusals.map((refusal) => refusal.message).join(" "));
  await syncOpenItems(FERRETERIA);
  const parties = await Counterparty.find({ organizationId: FERRETERIA }).lean();
  CUSTOMER_PARAMS.partyId = String(parties.find((party) => party.cedula === "3101456789")!._id);
  const supplierItem = await OpenItem.findOne({ organizationId: FERRETERIA, side: "payable" }).lean();
  SUPPLIER_PARAMS.partyId = String(supplierItem!.partyId);
  const bankAccount = await createBankAccount(FERRETERIA, users.get("admin")!, {
    bank: "bn",
    number: "100-01-000-123456-7",
    currency: "CRC",
    ledgerAccount: "10-01-01-03-01",
    format: "ofx",
  });
  if (!bankAccount.ok) throw new Error(bankAccount.refusals.map((refusal) => refusal.message).join(" "));
  BANK_ACCOUNT_PARAMS.accountID = String(bankAccount.account._id);
  BANK_IMPORT_JOB_PARAMS.accountID = BANK_ACCOUNT_PARAMS.accountID;
  BANK_IMPORT_JOB_PARAMS.jobID = await createBankImportJob({
    organizationId: FERRETERIA,
    bankAccountId: bankAccount.account._id,
    userId: users.get("admin")!,
    fileName: "bn.ofx",
    lineCount: 3_000,
  });
  await createImportJob({
    id: IMPORT_JOB_ID,
    organizationId: FERRETERIA,
    userId: users.get("client")!,
    status: "terminada",
    fileNames: ["a.zip"],
    totalBytes: 1,
    budgetBytes: 1,
  });
});

afterAll(async () => {
  await environment?.close();
});

function withOrg(routePath: string): string {
  return `${routePath}${routePath.includes("?") ? "&" : "?"}org=3101123456`;
}

function expectation(route: RouteCase, visitor: Visitor): "login" | "home" | "not-found" | "allowed" | "any" {
  if (route.access === "public") return "any";
  if (visitor === "anonymous") return "login";
  if (route.access === "admin" && visitor === "client") return "home";
  if (isOrganizationScoped(route.file) && visitor === "adminOfOther") return "not-found";
  return "allowed";
}

function check(response: Response, expected: ReturnType<typeof expectation>, label: string) {
  const location = response.headers.get("Location") ?? "";
  expect(response.status, `${label}: never a server error`).toBeLessThan(500);
  switch (expected) {
    case "login":
      expect(response.status, label).toBe(302);
      expect(location, label).toMatch(/^\/login\?returnTo=/);
      break;
    case "home":
      expect(response.status, label).toBe(302);
      expect(location, label).toBe("/");
      break;
    case "not-found":
      expect(response.status, label).toBe(404);
      break;
    case "allowed":
      expect(location, label).not.toMatch(/^\/login/);
      expect(response.status, label).not.toBe(404);
      if (response.status === 302) expect(location, label).not.toBe("/");
      break;
  }
}

describe("route-access matrix", () => {
  it("lists every route module of app/routes", () => {
    const files = readdirSync(path.resolve("app/routes")).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(files.sort()).toEqual(ROUTES.map((route) => route.file).sort());
  });

  for (const route of ROUTES) {
    it(`${route.file}: works on no organization by declaration, or guards every loader and action with requireOrgContext`, () => {
      const handlers = handlerSources(route.file);
      if (WITHOUT_ORGANIZATION.has(route.file)) {
        expect(
          isOrganizationScoped(route.file),
          `${route.file} calls requireOrgContext: remove it from WITHOUT_ORGANIZATION`,
        ).toBe(false);
        return;
      }
      expect(handlers.size, `${route.file} has a loader or an action`).toBeGreaterThan(0);
      for (const [name, body] of handlers) {
        expect(/\brequireOrgContext\(/.test(body), `${route.file} ${name} calls requireOrgContext`).toBe(true);
      }
    });
  }

  for (const route of ROUTES) {
    describe(route.file, () => {
      for (const visitor of VISITORS) {
        it(`loader and action as ${visitor}`, async () => {
          const module = (await import(`../../app/routes/${route.file}`)) as {
            loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
            action?: (args: ActionFunctionArgs) => Promise<unknown>;
          };
          const url = isOrganizationScoped(route.file) ? withOrg(route.path) : route.path;
          const expected = expectation(route, visitor);
          const params = route.params ?? {};
          if (module.loader) {
            const response = await respond(async () =>
              module.loader!({ request: getRequest(url, await cookieOf(visitor)), params, context: { cspNonce: "" } }),
            );
            check(response, expected, `${route.file} loader as ${visitor}`);
          }
          if (module.action) {
            const response = await respond(async () =>
              module.action!({
                request: postRequest(url, route.form ?? {}, await cookieOf(visitor)),
                params,
                context: { cspNonce: "" },
              }),
            );
            const expectedOfAction = route.actionAccess
              ? expectation({ ...route, access: route.actionAccess }, visitor)
              : expected;
            check(response, expectedOfAction, `${route.file} action as ${visitor}`);
          }
        });
      }
    });
  }
});
