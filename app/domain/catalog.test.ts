import { describe, expect, it } from "vitest";
import {
  DEFAULT_CATALOG,
  ancestorCodes,
  applyOverride,
  buildCatalog,
  catalogMatcher,
  catalogToCsv,
  filterCatalog,
  flattenCatalog,
  indexCatalog,
  isDescendantOf,
  isSelectable,
  levelOf,
  nextCode,
  normalizeCode,
  parentOf,
  removeOverride,
  searchCatalog,
  validateLabel,
  validateNewCode,
  validateOverrides,
  type CatalogNode,
} from "./catalog";

const SHAPE = "El código de cuenta debe tener cinco segmentos de dos dígitos (10-01-02-01-00).";

function nodeAt(tree: CatalogNode[], key: string): CatalogNode {
  const node = indexCatalog(tree).get(key);
  if (!node) throw new Error(`missing ${key}`);
  return node;
}

/** A node shaped like the spec's (docs/spec/chart-of-accounts.md §1), for rules that only look at key and children. */
function bare(key: string, childKeys: string[] = []): { key: string; children: { key: string }[] } {
  return { key, children: childKeys.map((child) => ({ key: child })) };
}

describe("account code level (docs/spec/chart-of-accounts.md §2)", () => {
  it("is the count of segments that are not 00", () => {
    expect(levelOf("10-00-00-00-00")).toBe(1);
    expect(levelOf("10-01-00-00-00")).toBe(2);
    expect(levelOf("10-01-02-00-00")).toBe(3);
    expect(levelOf("10-01-02-01-00")).toBe(4);
    expect(levelOf("10-01-01-03-01")).toBe(5);
  });

  it("raises 'No se puede obtener el nivel de una cuenta nula.' for an empty code", () => {
    expect(() => levelOf("")).toThrow(new Error("No se puede obtener el nivel de una cuenta nula."));
    expect(() => levelOf("   ")).toThrow("No se puede obtener el nivel de una cuenta nula.");
    expect(() => levelOf(null)).toThrow("No se puede obtener el nivel de una cuenta nula.");
    expect(() => levelOf(undefined)).toThrow("No se puede obtener el nivel de una cuenta nula.");
  });

  it("refuses a code that is not five segments of two digits", () => {
    for (const code of ["10-01", "10-01-02-01", "1001020100", "10-1-02-01-00", "10-01-02-01-00-00", "aa-01-02-01-00"]) {
      expect(() => levelOf(code), code).toThrow(SHAPE);
    }
  });
});

describe("parent of a code (pId)", () => {
  it("turns the last segment that is not 00 into 00", () => {
    expect(parentOf("10-01-02-01-00")).toBe("10-01-02-00-00");
    expect(parentOf("10-01-01-03-01")).toBe("10-01-01-03-00");
    expect(parentOf("10-01-02-00-00")).toBe("10-01-00-00-00");
    expect(parentOf("10-01-00-00-00")).toBe("10-00-00-00-00");
  });

  it("gives none for a top-level group", () => {
    expect(parentOf("10-00-00-00-00")).toBeNull();
    expect(parentOf("70-00-00-00-00")).toBeNull();
  });

  it("lists the ancestors from the group down", () => {
    expect(ancestorCodes("10-01-01-03-01")).toEqual([
      "10-00-00-00-00",
      "10-01-00-00-00",
      "10-01-01-00-00",
      "10-01-01-03-00",
    ]);
    expect(ancestorCodes("20-00-00-00-00")).toEqual([]);
  });

  it("knows what lies below a code", () => {
    expect(isDescendantOf("10-01-01-03-01", "10-01-00-00-00")).toBe(true);
    expect(isDescendantOf("10-01-00-00-00", "10-01-00-00-00")).toBe(false);
    expect(isDescendantOf("10-02-01-00-00", "10-01-00-00-00")).toBe(false);
    expect(isDescendantOf("20-01-00-00-00", "10-00-00-00-00")).toBe(false);
    expect(isDescendantOf("not a code", "10-00-00-00-00")).toBe(false);
  });
});

describe("the default Costa Rican tree", () => {
  const tree = buildCatalog();
  const all = flattenCatalog(tree);

  it("holds about 240 accounts, all codes unique and well formed", () => {
    expect(DEFAULT_CATALOG).toHaveLength(245);
    expect(all).toHaveLength(245);
    expect(new Set(all.map((node) => node.key)).size).toBe(245);
    for (const node of all) expect(validateNewCode([], node.key) === SHAPE, node.key).toBe(false);
  });

  it("has the seven top-level groups, step 10, with the spec's names", () => {
    expect(tree.map((group) => [group.key, group.label])).toEqual([
      ["10-00-00-00-00", "Activo"],
      ["20-00-00-00-00", "Pasivo"],
      ["30-00-00-00-00", "Patrimonio"],
      ["40-00-00-00-00", "Ingreso"],
      ["50-00-00-00-00", "Costos"],
      ["60-00-00-00-00", "Gastos"],
      ["70-00-00-00-00", "Por clasificar"],
    ]);
  });

  it("keeps under 70 the accounts to classify, credit and debit", () => {
    const toClassify = searchCatalog(tree, "por clasificar").map((node) => node.label);
    expect(toClassify).toContain("Por clasificar débito");
    expect(toClassify).toContain("Por clasificar crédito");
    expect(nodeAt(tree, "70-02-00-00-00").pId).toBe("70-00-00-00-00");
    expect(nodeAt(tree, "70-01-01-00-00").label).toBe("Compras recibidas por clasificar (recepción automática)");
  });

  it("holds the standard subaccounts: banks, receivables, inventory, fixed assets, payables, taxes, payroll, expenses", () => {
    expect(nodeAt(tree, "10-01-01-03-01").label).toBe("Banco Nacional – cta. corriente ₡");
    expect(nodeAt(tree, "10-01-02-01-00").label).toBe("Cuentas por cobrar comerciales – clientes ₡");
    expect(nodeAt(tree, "10-01-04-01-00").label).toBe("Inventario de mercancías para la venta");
    expect(nodeAt(tree, "10-02-01-06-00").label).toBe("Equipo de cómputo");
    expect(nodeAt(tree, "20-01-01-01-00").label).toBe("Proveedores locales ₡");
    expect(nodeAt(tree, "20-01-02-01-01").label).toBe("IVA débito fiscal 13 %");
    expect(nodeAt(tree, "20-01-03-07-00").label).toBe("Provisión de aguinaldo");
    expect(nodeAt(tree, "60-02-02-00-00").label).toBe("Electricidad");
  });

  it("derives pId, level, path and value for every node", () => {
    const node = nodeAt(tree, "10-01-01-03-01");
    expect(node).toMatchObject({
      key: "10-01-01-03-01",
      pId: "10-01-01-03-00",
      level: 5,
      path: "Activo / Activo corriente / Efectivo y equivalentes de efectivo / Bancos en colones",
      value: "10-01-01-03-01",
      disabled: false,
      added: false,
      children: [],
    });
    const group = nodeAt(tree, "10-00-00-00-00");
    expect(group).toMatchObject({ pId: null, level: 1, path: "", value: "10-00-00-00-00" });
    const index = indexCatalog(tree);
    for (const child of all) {
      expect(child.value).toBe(child.key);
      expect(child.level).toBe(levelOf(child.key));
      if (child.pId === null) continue;
      const parent = index.get(child.pId)!;
      expect(parent.children).toContain(child);
      expect(child.level).toBe(parent.level + 1);
      expect(child.path).toBe(parent.path ? `${parent.path} / ${parent.label}` : parent.label);
    }
  });

  it("lists every node in code order, parents before children", () => {
    const keys = all.map((node) => node.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual(DEFAULT_CATALOG.map((entry) => entry.key));
  });

  it("builds fresh nodes each time, so callers cannot change the default", () => {
    const first = buildCatalog();
    first[0].label = "cambiado";
    first[0].children.length = 0;
    expect(buildCatalog()[0].label).toBe("Activo");
    expect(buildCatalog()[0].children.length).toBeGreaterThan(0);
  });
});

describe("selectable accounts (docs/spec/chart-of-accounts.md §3)", () => {
  const tree = buildCatalog({ "60-02-13-00-00": { disabled: true } });

  it("top-level groups are disabled and not selectable", () => {
    for (const group of tree) {
      expect(group.disabled).toBe(true);
      expect(isSelectable(group)).toBe(false);
    }
  });

  it("nodes that have children are not selectable", () => {
    expect(isSelectable(nodeAt(tree, "10-01-01-03-00"))).toBe(false);
    expect(isSelectable(nodeAt(tree, "10-01-00-00-00"))).toBe(false);
  });

  it("accounts without children are selectable", () => {
    expect(isSelectable(nodeAt(tree, "10-01-01-03-01"))).toBe(true);
    expect(isSelectable(nodeAt(tree, "20-02-01-00-00"))).toBe(true);
    expect(isSelectable(nodeAt(tree, "50-03-00-00-00"))).toBe(true);
  });

  it("a disabled account is not selectable", () => {
    expect(isSelectable(nodeAt(tree, "60-02-13-00-00"))).toBe(false);
  });

  it("the default tree has 199 movement accounts; every other node is a header or a group", () => {
    expect(flattenCatalog(buildCatalog()).filter(isSelectable)).toHaveLength(199);
  });
});

describe("next account code (docs/spec/chart-of-accounts.md §4)", () => {
  it("for a node with no children, is its first child: segment 01 at the next level", () => {
    expect(nextCode(bare("10-01-02-01-00"))).toBe("10-01-02-01-01");
    expect(nextCode(bare("10-01-02-00-00"))).toBe("10-01-02-01-00");
    expect(nextCode(bare("10-01-00-00-00"))).toBe("10-01-01-00-00");
    expect(nextCode(bare("80-00-00-00-00"))).toBe("80-01-00-00-00");
  });

  it("otherwise, is the highest child key's last segment plus one, zero-padded to two digits", () => {
    expect(nextCode(bare("10-01-02-00-00", ["10-01-02-01-00", "10-01-02-07-00"]))).toBe("10-01-02-08-00");
    expect(nextCode(bare("10-01-02-00-00", ["10-01-02-09-00"]))).toBe("10-01-02-10-00");
    expect(nextCode(bare("10-01-01-03-00", ["10-01-01-03-01", "10-01-01-03-03"]))).toBe("10-01-01-03-04");
  });

  it("takes the highest child even when children are out of order or have gaps", () => {
    expect(nextCode(bare("60-02-00-00-00", ["60-02-24-00-00", "60-02-01-00-00", "60-02-05-00-00"]))).toBe(
      "60-02-25-00-00",
    );
  });

  it("works on the built tree", () => {
    const tree = buildCatalog();
    expect(nextCode(nodeAt(tree, "10-01-02-00-00"))).toBe("10-01-02-08-00");
    expect(nextCode(nodeAt(tree, "10-01-01-03-00"))).toBe("10-01-01-03-04");
    expect(nextCode(nodeAt(tree, "60-02-00-00-00"))).toBe("60-02-25-00-00");
    expect(nextCode(nodeAt(tree, "10-00-00-00-00"))).toBe("10-03-00-00-00");
    expect(nextCode(nodeAt(tree, "10-01-01-01-00"))).toBe("10-01-01-01-01");
  });

  it("counts disabled and added children too, so a code is never handed out twice", () => {
    const tree = buildCatalog({
      "10-01-02-07-00": { disabled: true },
      "10-01-02-08-00": { label: "Cuentas por cobrar a socios" },
    });
    expect(nextCode(nodeAt(tree, "10-01-02-00-00"))).toBe("10-01-02-09-00");
  });

  it("refuses with a clear Spanish error when no code is left after 99", () => {
    expect(() => nextCode(bare("10-01-02-00-00", ["10-01-02-99-00"]))).toThrow(
      "La cuenta 10-01-02-00-00 ya tiene la subcuenta 99; no quedan códigos disponibles para otra subcuenta.",
    );
  });

  it("refuses a child below the fifth level", () => {
    expect(() => nextCode(bare("10-01-01-03-01"))).toThrow(
      "La cuenta 10-01-01-03-01 está en el quinto nivel y no admite subcuentas.",
    );
  });

  it("refuses an empty or malformed code with the level rules' messages", () => {
    expect(() => nextCode(bare(""))).toThrow("No se puede obtener el nivel de una cuenta nula.");
    expect(() => nextCode(bare("10-01"))).toThrow(SHAPE);
  });
});

describe("organization overrides (docs/spec/chart-of-accounts.md §5: change the label at a code or add a new code)", () => {
  it("changes the label at a code, in the spec's simple form (code → label)", () => {
    const tree = buildCatalog({ "10-01-01-03-01": "BNCR cuenta 100-01-000-123456-7" });
    expect(nodeAt(tree, "10-01-01-03-01").label).toBe("BNCR cuenta 100-01-000-123456-7");
    expect(nodeAt(tree, "10-01-01-03-01").added).toBe(false);
  });

  it("changes the label at a code, in the object form, and trims it", () => {
    const tree = buildCatalog({ "60-02-01-00-00": { label: "  Alquiler de bodega  " } });
    expect(nodeAt(tree, "60-02-01-00-00").label).toBe("Alquiler de bodega");
  });

  it("a renamed header shows the new label in its descendants' path", () => {
    const tree = buildCatalog({ "10-01-01-03-00": "Bancos ₡" });
    expect(nodeAt(tree, "10-01-01-03-02").path).toBe(
      "Activo / Activo corriente / Efectivo y equivalentes de efectivo / Bancos ₡",
    );
  });

  it("adds a new code under its parent, in code order", () => {
    const tree = buildCatalog({
      "10-01-01-03-04": "Banco Popular – cta. corriente ₡",
      "10-01-01-03-05": { label: "Davivienda – cta. corriente ₡" },
    });
    const banks = nodeAt(tree, "10-01-01-03-00");
    expect(banks.children.map((child) => child.key)).toEqual([
      "10-01-01-03-01",
      "10-01-01-03-02",
      "10-01-01-03-03",
      "10-01-01-03-04",
      "10-01-01-03-05",
    ]);
    expect(nodeAt(tree, "10-01-01-03-04")).toMatchObject({
      label: "Banco Popular – cta. corriente ₡",
      added: true,
      pId: "10-01-01-03-00",
      level: 5,
      disabled: false,
    });
    expect(nextCode(banks)).toBe("10-01-01-03-06");
  });

  it("an account added below a movement account turns it into a header", () => {
    const tree = buildCatalog({ "10-01-01-01-01": "Caja general – sucursal Heredia" });
    const cash = nodeAt(tree, "10-01-01-01-00");
    expect(cash.children.map((child) => child.key)).toEqual(["10-01-01-01-01"]);
    expect(isSelectable(cash)).toBe(false);
    expect(isSelectable(nodeAt(tree, "10-01-01-01-01"))).toBe(true);
  });

  it("adds a chain of new codes, the parent added too", () => {
    const tree = buildCatalog({
      "60-07-00-00-00": "Gastos de la finca",
      "60-07-01-00-00": "Fertilizantes",
    });
    expect(nodeAt(tree, "60-07-01-00-00").path).toBe("Gastos / Gastos de la finca");
  });

  it("disables a code, and with it everything below it", () => {
    const tree = buildCatalog({ "10-01-01-04-00": { disabled: true } });
    expect(nodeAt(tree, "10-01-01-04-00").disabled).toBe(true);
    expect(nodeAt(tree, "10-01-01-04-01").disabled).toBe(true);
    expect(nodeAt(tree, "10-01-01-04-02").disabled).toBe(true);
    expect(nodeAt(tree, "10-01-01-03-01").disabled).toBe(false);
    expect(isSelectable(nodeAt(tree, "10-01-01-04-01"))).toBe(false);
  });

  it("an explicit disabled: false keeps the default enabled state", () => {
    const tree = buildCatalog({ "10-01-01-02-00": { label: "Caja chica oficina", disabled: false } });
    expect(nodeAt(tree, "10-01-01-02-00")).toMatchObject({ label: "Caja chica oficina", disabled: false });
  });

  it("a disabled group does not disable its accounts (the group's flag is structural)", () => {
    const tree = buildCatalog({ "70-00-00-00-00": { disabled: true } });
    expect(nodeAt(tree, "70-01-01-00-00").disabled).toBe(false);
  });

  it("leaves out what cannot apply, without failing", () => {
    const tree = buildCatalog({
      "10-01-01-03-01": { label: "   " },
      "10-01-09-01-00": "Huérfana",
      "10-01-01-07-00": { disabled: true },
      "99-00-00-00-00": "Grupo inventado",
      "no es un código": "x",
      "10-01-01-08-00": 42 as unknown as string,
    });
    const keys = flattenCatalog(tree).map((node) => node.key);
    expect(keys).toHaveLength(245);
    expect(nodeAt(tree, "10-01-01-03-01").label).toBe("Banco Nacional – cta. corriente ₡");
  });

  it("no overrides is the default tree", () => {
    expect(buildCatalog(null)).toEqual(buildCatalog());
    expect(buildCatalog({})).toEqual(buildCatalog(undefined));
  });
});

describe("validating a new code", () => {
  const tree = buildCatalog();

  it("accepts a free code whose parent exists", () => {
    expect(validateNewCode(tree, "10-01-02-08-00")).toBeNull();
    expect(validateNewCode(tree, "10-01-01-01-01")).toBeNull();
    expect(validateNewCode(indexCatalog(tree), "10-03-00-00-00")).toBeNull();
  });

  it("refuses the wrong shape", () => {
    expect(validateNewCode(tree, "10-01-02-08")).toBe(SHAPE);
    expect(validateNewCode(tree, "1001020800")).toBe(SHAPE);
    expect(validateNewCode(tree, "10-01-02-8-00")).toBe(SHAPE);
    expect(validateNewCode(tree, " 10-01-02-08-00")).toBe(SHAPE);
  });

  it("refuses an empty code", () => {
    expect(validateNewCode(tree, "")).toBe("El código de cuenta es obligatorio.");
  });

  it("refuses a top-level group that is not 10 to 70 in steps of 10", () => {
    for (const code of ["00-01-00-00-00", "15-01-00-00-00", "80-01-00-00-00", "90-00-00-00-00"]) {
      expect(validateNewCode(tree, code), code).toBe("El grupo principal debe ser 10, 20, 30, 40, 50, 60 o 70.");
    }
  });

  it("refuses a 00 segment followed by a used one", () => {
    expect(validateNewCode(tree, "10-00-01-00-00")).toBe(
      "Después de un segmento 00 solo puede haber segmentos 00 (10-01-00-00-00).",
    );
    expect(validateNewCode(tree, "10-01-00-00-01")).toBe(
      "Después de un segmento 00 solo puede haber segmentos 00 (10-01-00-00-00).",
    );
  });

  it("refuses a duplicate code", () => {
    expect(validateNewCode(tree, "10-01-02-01-00")).toBe("La cuenta 10-01-02-01-00 ya existe.");
    expect(validateNewCode(tree, "10-00-00-00-00")).toBe("La cuenta 10-00-00-00-00 ya existe.");
  });

  it("refuses an orphan code (its parent is missing)", () => {
    expect(validateNewCode(tree, "10-01-09-01-00")).toBe("La cuenta padre 10-01-09-00-00 no existe.");
  });

  it("refuses a new top-level group", () => {
    expect(validateNewCode([], "10-00-00-00-00")).toBe(
      "Los grupos principales son fijos; agregue la cuenta dentro de uno de ellos.",
    );
  });

  it("accepts what nextCode proposes", () => {
    for (const node of flattenCatalog(tree).filter((node) => node.level < 5)) {
      expect(validateNewCode(tree, nextCode(node)), node.key).toBeNull();
    }
  });
});

describe("validating an organization's overrides", () => {
  it("accepts renames, additions and disables, in both forms", () => {
    expect(
      validateOverrides({
        "10-01-01-03-01": "BNCR 123",
        "10-01-01-03-04": { label: "Banco Popular ₡" },
        "10-01-01-04-00": { disabled: true },
        "60-07-00-00-00": { label: "Gastos de la finca" },
        "60-07-01-00-00": { label: "Fertilizantes", disabled: true },
        "70-00-00-00-00": "Pendientes",
      }),
    ).toEqual([]);
    expect(validateOverrides(undefined)).toEqual([]);
    expect(validateOverrides(null)).toEqual([]);
    expect(validateOverrides({})).toEqual([]);
  });

  it("refuses something that is not an object of codes", () => {
    const message = "La personalización del catálogo debe ser un objeto con códigos de cuenta como claves.";
    expect(validateOverrides("10-01")).toEqual([{ code: "", message }]);
    expect(validateOverrides([["10-01-01-03-01", "x"]])).toEqual([{ code: "", message }]);
  });

  it("reports every problem with its code, in code order", () => {
    expect(
      validateOverrides({
        "10-01-09-01-00": "Huérfana",
        "1001010100": "Sin guiones",
        "10-01-01-03-04": { label: "" },
        "10-01-01-03-05": { disabled: false },
        "10-01-01-03-01": { label: 5 },
        "10-01-01-03-02": { label: "BCR", color: "rojo" },
        "10-00-00-00-00": { disabled: true },
        "80-00-00-00-00": "Otro grupo",
        "10-01-01-05-00": "x".repeat(121),
      }),
    ).toEqual([
      { code: "10-00-00-00-00", message: "Los grupos principales no se pueden deshabilitar." },
      {
        code: "10-01-01-03-01",
        message:
          "La personalización de la cuenta 10-01-01-03-01 no es válida: indique un nombre o { label, disabled }.",
      },
      {
        code: "10-01-01-03-02",
        message:
          "La personalización de la cuenta 10-01-01-03-02 no es válida: indique un nombre o { label, disabled }.",
      },
      { code: "10-01-01-03-04", message: "El nombre de la cuenta es obligatorio." },
      { code: "10-01-01-03-05", message: "El nombre de la cuenta es obligatorio." },
      { code: "10-01-01-05-00", message: "El nombre de la cuenta no puede superar 120 caracteres." },
      { code: "10-01-09-01-00", message: "La cuenta padre 10-01-09-00-00 no existe." },
      { code: "1001010100", message: SHAPE },
      { code: "80-00-00-00-00", message: "El grupo principal debe ser 10, 20, 30, 40, 50, 60 o 70." },
    ]);
  });

  it("an added account below a refused one is an orphan", () => {
    expect(
      validateOverrides({
        "60-07-00-00-00": { label: " " },
        "60-07-01-00-00": "Fertilizantes",
      }),
    ).toEqual([
      { code: "60-07-00-00-00", message: "El nombre de la cuenta es obligatorio." },
      { code: "60-07-01-00-00", message: "La cuenta padre 60-07-00-00-00 no existe." },
    ]);
  });

  it("labels: required, at most 120 characters", () => {
    expect(validateLabel("Caja")).toBeNull();
    expect(validateLabel("  ")).toBe("El nombre de la cuenta es obligatorio.");
    expect(validateLabel("x".repeat(120))).toBeNull();
    expect(validateLabel("x".repeat(121))).toBe("El nombre de la cuenta no puede superar 120 caracteres.");
  });
});

describe("changing overrides", () => {
  it("renames a default account in the object form, dropping the entry when back to the default", () => {
    const renamed = applyOverride({ "10-01-01-01-00": "Caja" }, "10-01-01-01-00", { label: "Caja principal" });
    expect(renamed).toEqual({ "10-01-01-01-00": { label: "Caja principal" } });
    expect(applyOverride(renamed, "10-01-01-01-00", { label: "Caja general" })).toEqual({});
  });

  it("disables and enables again", () => {
    const disabled = applyOverride(undefined, "60-02-13-00-00", { disabled: true });
    expect(disabled).toEqual({ "60-02-13-00-00": { disabled: true } });
    expect(applyOverride(disabled, "60-02-13-00-00", { disabled: false })).toEqual({});
    const renamedAndDisabled = applyOverride({ "60-02-13-00-00": "Vigilancia" }, "60-02-13-00-00", { disabled: true });
    expect(renamedAndDisabled).toEqual({ "60-02-13-00-00": { label: "Vigilancia", disabled: true } });
  });

  it("adds an account, keeping it when re-enabled", () => {
    const added = applyOverride({}, "10-01-01-03-04", { label: "Banco Popular ₡" });
    expect(added).toEqual({ "10-01-01-03-04": { label: "Banco Popular ₡" } });
    const off = applyOverride(added, "10-01-01-03-04", { disabled: true });
    expect(applyOverride(off, "10-01-01-03-04", { disabled: false })).toEqual(added);
  });

  it("does not change the overrides it was given", () => {
    const stored = { "10-01-01-01-00": "Caja" };
    applyOverride(stored, "10-01-01-01-00", { label: "Otra" });
    removeOverride(stored, "10-01-01-01-00");
    expect(stored).toEqual({ "10-01-01-01-00": "Caja" });
  });

  it("removing an added account removes the accounts added below it; removing a default one resets it", () => {
    const overrides = {
      "60-07-00-00-00": "Finca",
      "60-07-01-00-00": "Fertilizantes",
      "60-07-01-01-00": "Urea",
      "60-02-01-00-00": "Alquiler",
    };
    expect(removeOverride(overrides, "60-07-00-00-00")).toEqual({ "60-02-01-00-00": "Alquiler" });
    expect(removeOverride(overrides, "60-02-00-00-00")).toEqual(overrides);
    expect(removeOverride(overrides, "60-02-01-00-00")).toEqual({
      "60-07-00-00-00": "Finca",
      "60-07-01-00-00": "Fertilizantes",
      "60-07-01-01-00": "Urea",
    });
  });
});

describe("search by code prefix or label", () => {
  const tree = buildCatalog({ "10-01-01-03-04": "Banco Popular – cta. corriente ₡" });
  const keysFor = (query: string) => searchCatalog(tree, query).map((node) => node.key);

  it("finds by code prefix, with or without dashes", () => {
    const withDashes = keysFor("10-01-01-03");
    expect(withDashes).toEqual([
      "10-01-01-03-00",
      "10-01-01-03-01",
      "10-01-01-03-02",
      "10-01-01-03-03",
      "10-01-01-03-04",
    ]);
    expect(keysFor("10010103")).toEqual(withDashes);
    expect(keysFor("1001-0103")).toEqual(withDashes);
    expect(keysFor("10-01-02-01-00")).toEqual(["10-01-02-01-00"]);
  });

  it("finds by label, ignoring case and accents", () => {
    expect(keysFor("credito fiscal")).toEqual(keysFor("CRÉDITO FISCAL"));
    expect(keysFor("credito fiscal")).toContain("10-01-03-01-01");
    expect(keysFor("computo")).toEqual(["10-02-01-06-00", "10-02-02-05-00", "60-03-03-00-00"]);
    expect(keysFor("movil")).toEqual(["10-01-01-03-03"]);
  });

  it("every word must match: code prefix and label together", () => {
    expect(keysFor("iva 13")).toEqual(["10-01-03-01-01", "20-01-02-01-01"]);
    expect(keysFor("10-01 banco")).toEqual([
      "10-01-01-03-00",
      "10-01-01-03-01",
      "10-01-01-03-04",
      "10-01-01-04-00",
      "10-01-01-04-01",
    ]);
    expect(keysFor("20 prestamos bancarios")).toEqual(["20-01-04-01-00", "20-01-04-02-00", "20-02-01-00-00"]);
  });

  it("finds added accounts and renamed labels", () => {
    expect(keysFor("popular")).toEqual(["10-01-01-03-04"]);
    const renamed = buildCatalog({ "60-02-02-00-00": "Luz (CNFL)" });
    expect(searchCatalog(renamed, "cnfl").map((node) => node.key)).toEqual(["60-02-02-00-00"]);
    expect(searchCatalog(renamed, "electricidad").map((node) => node.key)).toEqual(["10-02-04-01-00"]);
  });

  it("returns nodes with pId and path, enough to show their ancestors", () => {
    const [match] = searchCatalog(tree, "sinpe");
    expect(match.pId).toBe("10-01-01-03-00");
    expect(match.path).toBe("Activo / Activo corriente / Efectivo y equivalentes de efectivo / Bancos en colones");
    expect(ancestorCodes(match.key)).toEqual(["10-00-00-00-00", "10-01-00-00-00", "10-01-01-00-00", "10-01-01-03-00"]);
  });

  it("an empty query matches everything; a query matching nothing gives nothing", () => {
    expect(searchCatalog(tree, "  ")).toHaveLength(246);
    expect(keysFor("zzzz")).toEqual([]);
    expect(keysFor("99")).toEqual([]);
  });

  it("the matcher works on any {key, label}", () => {
    const matches = catalogMatcher("cafe 40");
    expect(matches({ key: "40-01-05-00-00", label: "Venta de café" })).toBe(true);
    expect(matches({ key: "50-01-05-00-00", label: "Venta de café" })).toBe(false);
  });

  it("filters the tree down to the matches and their ancestors, keeping a match's subtree", () => {
    const filtered = filterCatalog(tree, "bancos en dolares");
    expect(flattenCatalog(filtered).map((node) => node.key)).toEqual([
      "10-00-00-00-00",
      "10-01-00-00-00",
      "10-01-01-00-00",
      "10-01-01-04-00",
      "10-01-01-04-01",
      "10-01-01-04-02",
    ]);
    expect(nodeAt(tree, "10-01-00-00-00").children.length).toBeGreaterThan(1);
    expect(filterCatalog(tree, "")).toEqual(tree);
  });
});

describe("CSV export", () => {
  it("has the header and one row per account in code order, with CRLF line ends", () => {
    const csv = catalogToCsv(buildCatalog({ "10-01-01-04-00": { disabled: true } }));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("código,cuenta,nivel,padre,deshabilitada");
    expect(lines[1]).toBe("10-00-00-00-00,Activo,1,,no");
    expect(lines[2]).toBe("10-01-00-00-00,Activo corriente,2,10-00-00-00-00,no");
    expect(lines).toContain("10-01-01-04-01,Banco Nacional – cta. corriente US$,5,10-01-01-04-00,sí");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + 245 + 1);
  });

  it("quotes commas, quotes and line breaks as RFC 4180 says", () => {
    const csv = catalogToCsv(
      buildCatalog({
        "60-02-01-00-00": 'Alquiler "Plaza del Sol", local 4',
        "60-02-02-00-00": "Electricidad\nsucursal",
      }),
    );
    expect(csv).toContain('60-02-01-00-00,"Alquiler ""Plaza del Sol"", local 4",3,60-02-00-00-00,no\r\n');
    expect(csv).toContain('60-02-02-00-00,"Electricidad\nsucursal",3,60-02-00-00-00,no\r\n');
    expect(csv).toContain('10-02-01-00-00,"Propiedad, planta y equipo",3,10-02-00-00-00,no\r\n');
  });

  it("keeps a label from running as a spreadsheet formula", () => {
    const csv = catalogToCsv(buildCatalog({ "60-02-01-00-00": '=HYPERLINK("x")', "60-02-03-00-00": "-Agua" }));
    expect(csv).toContain('60-02-01-00-00,"\'=HYPERLINK(""x"")",3,60-02-00-00-00,no\r\n');
    expect(csv).toContain("60-02-03-00-00,'-Agua,3,60-02-00-00-00,no\r\n");
  });
});

describe("typing a code", () => {
  it("normalizes digits without dashes and short codes", () => {
    expect(normalizeCode(" 1001020100 ")).toBe("10-01-02-01-00");
    expect(normalizeCode("10-01-02")).toBe("10-01-02-00-00");
    expect(normalizeCode("10")).toBe("10-00-00-00-00");
    expect(normalizeCode("10-1-02")).toBe("10-1-02");
    expect(normalizeCode("abc")).toBe("abc");
  });
});
