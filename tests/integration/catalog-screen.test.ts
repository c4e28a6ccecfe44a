import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "../../app/routes/_app.admin.catalog.csv";
import * as catalogRoute from "../../app/routes/_app.admin.catalog";
import { buildCatalog, indexCatalog, validateOverrides } from "../../app/domain/catalog";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import { ensureOrganization, readCatalogOverrides } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { seedDemo } from "../../scripts/seed-demo";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
// A client of its own for the tests that write, so reads of the demo client stay predictable.
const TALLER = "CR:3101777777";

let environment: AppEnvironment;
const cookies = {} as Record<"client" | "admin" | "adminOfSoda" | "superadmin", string>;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  await ensureOrganization({ _id: TALLER, name: "Taller Los Pinos S.A.", identificationType: "02" });
  const cookieFor = async (persona: "client" | "admin" | "superadmin", orgs: Record<string, "admin" | "client"> = {}) =>
    sessionCookieFor((await createTestUser({ persona, orgs })).id);
  cookies.client = await cookieFor("client", { [FERRETERIA]: "client" });
  cookies.admin = await cookieFor("admin", { [FERRETERIA]: "admin", [TALLER]: "admin" });
  cookies.adminOfSoda = await cookieFor("admin", { [SODA]: "admin" });
  cookies.superadmin = await cookieFor("superadmin");
});

afterAll(async () => {
  await environment?.close();
});

type Who = keyof typeof cookies;
const args = (request: Request) =>
  ({ request, params: {}, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

async function view(who: Who, query: string) {
  return respond(() => catalogRoute.loader(args(getRequest(`/admin/catalog?${query}`, cookies[who]))));
}
async function post(who: Who, org: string, fields: Record<string, string>) {
  return respond(() => catalogRoute.action(args(postRequest(`/admin/catalog?org=${org}`, fields, cookies[who]))));
}
async function storedCatalog(id: string) {
  return (await readCatalogOverrides(id))!.catalog as Record<string, { label?: string; disabled?: boolean }>;
}

interface TreeNode {
  key: string;
  label: string;
  disabled: boolean;
  children: TreeNode[];
}
function find(tree: TreeNode[], key: string): TreeNode | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const found = find(node.children, key);
    if (found) return found;
  }
  return undefined;
}

describe("demo data", () => {
  it("gives every active demo client catalog overrides that the catalog rules accept", () => {
    for (const organization of DEMO_ORGANIZATIONS.filter((o) => o.active !== false)) {
      expect(Object.keys(organization.catalog ?? {}).length, organization.name).toBeGreaterThanOrEqual(3);
      expect(validateOverrides(organization.catalog), organization.name).toEqual([]);
    }
  });
});

describe("seeding the demo data", () => {
  it("stores a client's overrides only when it creates the client, so later changes survive re-seeding", async () => {
    const log: string[] = [];
    await seedDemo({ log: (line) => log.push(line) });
    expect(log.find((line) => line.startsWith("demo data:"))).toMatch(/^demo data: 0 organizations/);
    // Another client, not Ferretería: the screen tests below read Ferretería's seeded overrides.
    expect(await changeCatalog(SODA, { kind: "rename", code: "40-01-01-00-00", label: "Ventas del día" })).toEqual({
      code: "40-01-01-00-00",
    });
    await seedDemo({ log: () => {} });
    const stored = await storedCatalog(SODA);
    expect(stored["40-01-01-00-00"]).toEqual({ label: "Ventas del día" });
    expect(stored["50-01-01-01-00"]).toEqual({ label: "Costo de alimentos" });
  });
});

describe("/admin/catalog: the selected client's tree", () => {
  it("merges the default tree with the client's overrides", async () => {
    const response = await view("admin", "org=3101123456");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.organization).toEqual({ cedula: "3101123456", name: "Ferretería El Clavo S.A." });
    expect(data.tree.map((node: TreeNode) => node.key)).toEqual([
      "10-00-00-00-00",
      "20-00-00-00-00",
      "30-00-00-00-00",
      "40-00-00-00-00",
      "50-00-00-00-00",
      "60-00-00-00-00",
      "70-00-00-00-00",
    ]);
    expect(find(data.tree, "10-01-01-03-04")).toMatchObject({ label: "Banco Popular – cta. corriente ₡", added: true });
    expect(find(data.tree, "40-01-01-00-00")!.label).toBe("Ventas de ferretería y materiales");
    expect(
      find(data.tree, "10-01-04-00-00")!
        .children.map((c) => c.key)
        .at(-1),
    ).toBe("10-01-04-08-00");
    expect(find(data.tree, "40-01-03-00-00")!.disabled).toBe(true);
    expect(data.renamedCodes).toContain("40-01-01-00-00");
    expect(data.renamedCodes).not.toContain("10-01-01-03-04");
    // Groups start open; nothing is selected.
    expect(data.openCodes).toEqual(data.tree.map((node: TreeNode) => node.key));
    expect(data.selected).toBeNull();
  });

  it("each client sees its own overrides", async () => {
    const data = await (await view("adminOfSoda", "org=3102654321")).json();
    expect(find(data.tree, "50-01-01-01-00")!.label).toBe("Costo de alimentos");
    expect(find(data.tree, "10-01-01-03-04")).toBeUndefined();
  });

  it("searches by code prefix or by label without accents, keeping the ancestors", async () => {
    const byLabel = await (await view("admin", "org=3101123456&q=banco%20popular")).json();
    expect(byLabel.matchCount).toBe(1);
    expect(byLabel.openCodes).toBe("all");
    expect(byLabel.tree.map((node: TreeNode) => node.key)).toEqual(["10-00-00-00-00"]);
    expect(find(byLabel.tree, "10-01-01-03-04")).toBeDefined();
    expect(find(byLabel.tree, "10-01-01-03-01")).toBeUndefined();

    const accentless = await (await view("admin", "org=3101123456&q=deposito")).json();
    const byCode = await (await view("admin", "org=3101123456&q=60-01")).json();
    expect(accentless.matchCount).toBeGreaterThan(0);
    expect(byCode.tree.map((node: TreeNode) => node.key)).toEqual(["60-00-00-00-00"]);
    expect(find(byCode.tree, "60-01-05-00-00")!.label).toBe("Aguinaldo");

    const none = await (await view("admin", "org=3101123456&q=zzzz")).json();
    expect(none.matchCount).toBe(0);
    expect(none.tree).toEqual([]);
  });

  it("selecting an account opens its ancestors and proposes the next code", async () => {
    const data = await (await view("admin", "org=3101123456&account=1001010300")).json();
    expect(data.selected).toMatchObject({
      key: "10-01-01-03-00",
      childCount: 4,
      proposedCode: "10-01-01-03-05",
      canDisable: true,
      canRemove: false,
      added: false,
    });
    expect(data.openCodes).toEqual(expect.arrayContaining(["10-00-00-00-00", "10-01-00-00-00", "10-01-01-00-00"]));

    // A leaf without movements may be subdivided: the next code is its first child.
    const leaf = await (await view("admin", "org=3101123456&account=10-01-01-05-00&expand=none")).json();
    expect(leaf.selected.proposedCode).toBe("10-01-01-05-01");
    expect(leaf.openCodes).toEqual(["10-00-00-00-00", "10-01-00-00-00", "10-01-01-00-00"]);

    // Caja general carries the demo books' cash movements: a leaf with movements is not subdivided.
    const usedLeaf = await (await view("admin", "org=3101123456&account=10-01-01-01-00&expand=none")).json();
    expect(usedLeaf.selected.proposedCode).toBeNull();
    expect(usedLeaf.selected.proposalProblem).toBe("La cuenta tiene movimientos: no admite subcuentas.");

    const fifth = await (await view("admin", "org=3101123456&account=10-01-01-03-01")).json();
    expect(fifth.selected.proposedCode).toBeNull();
    expect(fifth.selected.proposalProblem).toBe(
      "La cuenta 10-01-01-03-01 está en el quinto nivel y no admite subcuentas.",
    );

    const missing = await (await view("admin", "org=3101123456&account=10-09-09-00-00")).json();
    expect(missing.selected).toBeNull();
    expect(missing.missingAccount).toBe("10-09-09-00-00");
  });

  it("sends a client user to /, an admin of another client gets 404, an anonymous visitor goes to /login", async () => {
    const asClient = await view("client", "org=3101123456");
    expect(asClient.status).toBe(302);
    expect(asClient.headers.get("Location")).toBe("/");
    expect((await view("adminOfSoda", "org=3101123456")).status).toBe(404);
    expect(
      (await post("adminOfSoda", "3101123456", { intent: "rename", code: "10-01-01-01-00", label: "Robo" })).status,
    ).toBe(404);
    expect((await storedCatalog(FERRETERIA))["10-01-01-01-00"]).toBeUndefined();
    const anonymous = await respond(() => catalogRoute.loader(args(getRequest("/admin/catalog"))));
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?returnTo=/);
  });
});

describe("/admin/catalog: changing the tree", () => {
  it("renames an account and comes back to it", async () => {
    const response = await post("admin", "3101777777", {
      intent: "rename",
      code: "10-01-01-01-00",
      label: "  Caja general – tienda  ",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, "http://x");
    expect(location.pathname).toBe("/admin/catalog");
    expect(location.searchParams.get("org")).toBe("3101777777");
    expect(location.searchParams.get("account")).toBe("10-01-01-01-00");
    expect((await storedCatalog(TALLER))["10-01-01-01-00"]).toEqual({ label: "Caja general – tienda" });

    const reset = await post("admin", "3101777777", { intent: "reset-label", code: "10-01-01-01-00" });
    expect(reset.status).toBe(302);
    expect((await storedCatalog(TALLER))["10-01-01-01-00"]).toBeUndefined();
  });

  it("adds a child with the proposed code, then the proposal moves on", async () => {
    const before = await (await view("admin", "org=3101777777&account=10-01-01-03-00")).json();
    expect(before.selected.proposedCode).toBe("10-01-01-03-04");
    const response = await post("admin", "3101777777", {
      intent: "add",
      parent: "10-01-01-03-00",
      code: "10-01-01-03-04",
      label: "Banco Popular ₡",
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!, "http://x").searchParams.get("account")).toBe("10-01-01-03-04");
    const after = await (await view("admin", "org=3101777777&account=10-01-01-03-00")).json();
    expect(after.selected.proposedCode).toBe("10-01-01-03-05");
    expect(find(after.tree, "10-01-01-03-04")).toMatchObject({ label: "Banco Popular ₡", added: true });
  });

  it("accepts an edited code within the rules, typed without dashes", async () => {
    const response = await post("admin", "3101777777", {
      intent: "add",
      parent: "60-02-00-00-00",
      code: "6002400000",
      label: "Seguridad y vigilancia",
    });
    expect(response.status).toBe(302);
    expect((await storedCatalog(TALLER))["60-02-40-00-00"]).toEqual({ label: "Seguridad y vigilancia" });
  });

  it.each([
    [{ code: "10-01-01-03-01" }, "code", "La cuenta 10-01-01-03-01 ya existe."],
    [
      { code: "10-01-02-09-00" },
      "code",
      "La cuenta 10-01-02-09-00 no es una subcuenta directa de 10-01-01-03-00: se espera un código bajo 10-01-01-03 (10-01-01-03-NN).",
    ],
    [{ code: "10-01-02-00-01" }, "code", "Después de un segmento 00 solo puede haber segmentos 00 (10-01-00-00-00)."],
    // The account itself, not one of its children (issue 17: say where the code belongs, not "ya existe").
    [
      { code: "10-01-01-03" },
      "code",
      "La cuenta 10-01-01-03-00 no es una subcuenta directa de 10-01-01-03-00: se espera un código bajo 10-01-01-03 (10-01-01-03-NN).",
    ],
    [
      { code: "20-01-01-01-00" },
      "code",
      "La cuenta 20-01-01-01-00 no es una subcuenta directa de 10-01-01-03-00: se espera un código bajo 10-01-01-03 (10-01-01-03-NN).",
    ],
    [{ code: "10-1-1-3-9" }, "code", "El código de cuenta debe tener cinco segmentos de dos dígitos (10-01-02-01-00)."],
    [{ code: "" }, "code", "El código de cuenta es obligatorio."],
    [{ label: "   " }, "label", "El nombre de la cuenta es obligatorio."],
    [{ label: "x".repeat(121) }, "label", "El nombre de la cuenta no puede superar 120 caracteres."],
    [{ parent: "10-09-00-00-00" }, "", "La cuenta 10-09-00-00-00 no existe en el catálogo de este cliente."],
  ])("refuses adding %o with a Spanish message and writes nothing", async (change, field, message) => {
    const before = await readCatalogOverrides(TALLER);
    const fields = {
      intent: "add",
      parent: "10-01-01-03-00",
      code: "10-01-01-03-09",
      label: "Cuenta nueva",
      ...change,
    };
    const response = await post("admin", "3101777777", fields);
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.initialValue.intent).toBe("add");
    expect(data.error[field]).toEqual([message]);
    expect(data.initialValue.label).toBe(fields.label);
    expect(await readCatalogOverrides(TALLER)).toEqual(before);
  });

  it("disables an account and everything below it; a group cannot be disabled", async () => {
    const response = await post("admin", "3101777777", { intent: "disable", code: "60-02-00-00-00", disabled: "true" });
    expect(response.status).toBe(302);
    const tree = buildCatalog(await storedCatalog(TALLER));
    expect(indexCatalog(tree).get("60-02-00-00-00")!.disabled).toBe(true);
    expect(indexCatalog(tree).get("60-02-01-00-00")!.disabled).toBe(true);

    const child = await (await view("admin", "org=3101777777&account=60-02-01-00-00")).json();
    expect(child.selected).toMatchObject({ disabled: true, disabledHere: false, proposedCode: null });
    const addUnderDisabled = await post("admin", "3101777777", {
      intent: "add",
      parent: "60-02-01-00-00",
      code: "60-02-01-01-00",
      label: "Local 1",
    });
    expect(addUnderDisabled.status).toBe(400);
    expect((await addUnderDisabled.json()).error[""]).toEqual([
      "La cuenta 60-02-01-00-00 está deshabilitada; habilítela antes de agregarle subcuentas.",
    ]);

    await post("admin", "3101777777", { intent: "disable", code: "60-02-01-00-00", disabled: "true" });
    await post("admin", "3101777777", { intent: "disable", code: "60-02-00-00-00", disabled: "false" });
    const enableUnder = await post("admin", "3101777777", {
      intent: "disable",
      code: "60-02-01-00-00",
      disabled: "false",
    });
    expect(enableUnder.status).toBe(302);
    expect((await storedCatalog(TALLER))["60-02-00-00-00"]).toBeUndefined();
    expect((await storedCatalog(TALLER))["60-02-01-00-00"]).toBeUndefined();

    const group = await post("admin", "3101777777", { intent: "disable", code: "60-00-00-00-00", disabled: "true" });
    expect(group.status).toBe(400);
    expect((await group.json()).error[""]).toEqual(["Los grupos principales no se pueden deshabilitar."]);
  });

  it("enabling an account under a disabled parent is refused", async () => {
    await post("admin", "3101777777", { intent: "disable", code: "50-02-01-00-00", disabled: "true" });
    await post("admin", "3101777777", { intent: "disable", code: "50-02-00-00-00", disabled: "true" });
    const response = await post("admin", "3101777777", {
      intent: "disable",
      code: "50-02-01-00-00",
      disabled: "false",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error[""]).toEqual([
      "La cuenta 50-02-00-00-00 está deshabilitada; habilítela primero.",
    ]);
    expect((await storedCatalog(TALLER))["50-02-01-00-00"]).toEqual({ disabled: true });
  });

  it("removes an added account with the accounts added below it, never a default one", async () => {
    await post("admin", "3101777777", {
      intent: "add",
      parent: "60-04-00-00-00",
      code: "60-04-50-00-00",
      label: "Gastos de eventos",
    });
    await post("admin", "3101777777", {
      intent: "add",
      parent: "60-04-50-00-00",
      code: "60-04-50-01-00",
      label: "Feria anual",
    });
    const unconfirmed = await post("admin", "3101777777", { intent: "remove", code: "60-04-50-00-00" });
    expect(unconfirmed.status).toBe(200);
    expect(await unconfirmed.json()).toMatchObject({
      confirm: true,
      initialValue: { intent: "remove", code: "60-04-50-00-00" },
    });
    expect((await storedCatalog(TALLER))["60-04-50-00-00"]).toEqual({ label: "Gastos de eventos" });
    const response = await post("admin", "3101777777", { intent: "remove", code: "60-04-50-00-00", confirmed: "yes" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!, "http://x").searchParams.get("account")).toBe("60-04-00-00-00");
    const stored = await storedCatalog(TALLER);
    expect(stored["60-04-50-00-00"]).toBeUndefined();
    expect(stored["60-04-50-01-00"]).toBeUndefined();

    const base = await post("admin", "3101777777", { intent: "remove", code: "60-04-01-00-00", confirmed: "yes" });
    expect(base.status).toBe(400);
    expect((await base.json()).error[""]).toEqual([
      "Las cuentas del catálogo base no se eliminan; puede deshabilitarlas o cambiarles el nombre.",
    ]);
  });

  it("refuses an unknown intent, a missing field and an unknown account with a 400", async () => {
    const unknown = await post("admin", "3101777777", { intent: "borrar" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error[""]).toEqual(["La acción solicitada no existe."]);
    expect((await post("admin", "3101777777", {})).status).toBe(400);
    const noLabel = await post("admin", "3101777777", { intent: "rename", code: "10-01-01-01-00" });
    expect(noLabel.status).toBe(400);
    expect((await noLabel.json()).error.label).toEqual(["El nombre de la cuenta es obligatorio."]);
    const ghost = await post("admin", "3101777777", { intent: "rename", code: "10-77-00-00-00", label: "Fantasma" });
    expect(ghost.status).toBe(400);
    expect((await ghost.json()).error[""]).toEqual([
      "La cuenta 10-77-00-00-00 no existe en el catálogo de este cliente.",
    ]);
  });

  it("two administrators saving at the same time both keep their change", async () => {
    const labels = Array.from(
      { length: 6 },
      (_, i) => [`60-01-0${i + 1}-00-00`, `Gasto de personal ${i + 1}`] as const,
    );
    const results = await Promise.all(
      labels.map(([code, label]) => changeCatalog(TALLER, { kind: "rename", code, label })),
    );
    expect(results.every((result) => "code" in result)).toBe(true);
    const stored = await storedCatalog(TALLER);
    for (const [code, label] of labels) expect(stored[code]).toEqual({ label });
  });
});

describe("/admin/catalog/csv", () => {
  it("exports the selected client's merged tree as CSV", async () => {
    const response = await respond(() =>
      csvRoute.loader(args(getRequest("/admin/catalog/csv?org=3101123456", cookies.admin))),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="catalogo-3101123456.csv"; filename*=UTF-8''catalogo-3101123456.csv`,
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("código,cuenta,nivel,padre,deshabilitada");
    expect(lines).toContain("10-01-01-03-04,Banco Popular – cta. corriente ₡,5,10-01-01-03-00,no");
    expect(lines).toContain("40-01-01-00-00,Ventas de ferretería y materiales,3,40-01-00-00-00,no");
    expect(lines).toContain("40-01-03-00-00,Ingresos por alquileres,3,40-01-00-00-00,sí");
  });

  it("follows the same guards as the screen", async () => {
    const asOther = await respond(() =>
      csvRoute.loader(args(getRequest("/admin/catalog/csv?org=3101123456", cookies.adminOfSoda))),
    );
    expect(asOther.status).toBe(404);
    const asClient = await respond(() =>
      csvRoute.loader(args(getRequest("/admin/catalog/csv?org=3101123456", cookies.client))),
    );
    expect(asClient.headers.get("Location")).toBe("/");
    const superadmin = await respond(() =>
      csvRoute.loader(args(getRequest("/admin/catalog/csv?org=3102654321", cookies.superadmin))),
    );
    expect(await superadmin.text()).toContain("50-01-01-01-00,Costo de alimentos,4,50-01-01-00-00,no");
  });
});
