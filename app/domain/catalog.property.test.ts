import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CATALOG,
  GROUP_CODES,
  applyOverride,
  buildCatalog,
  catalogToCsv,
  codeShapeError,
  filterCatalog,
  flattenCatalog,
  indexCatalog,
  isDescendantOf,
  levelOf,
  nextCode,
  normalizeCode,
  parentOf,
  searchCatalog,
  validateNewCode,
  validateOverrides,
  type CatalogOverrides,
} from "./catalog";
import { foldText } from "./text";

const SEGMENT_ONE_TO_99 = fc.integer({ min: 1, max: 99 }).map((n) => String(n).padStart(2, "0"));

/** Any well-formed code: a group 10–70, then 0 to 4 used segments, then 00s. */
const codeArb = fc
  .tuple(fc.constantFrom(...GROUP_CODES), fc.array(SEGMENT_ONE_TO_99, { maxLength: 4 }))
  .map(([group, used]) => [group, ...used, "00", "00", "00", "00"].slice(0, 5).join("-"));

const labelArb = fc
  .stringMatching(/^[A-Za-záéíóúñÁÉÍÓÚÑü0-9 ,."'%₡$()\-–/]{1,40}$/)
  .filter((label) => label.trim() !== "");

/**
 * An organization's overrides grown the way the screens grow them: new accounts under existing
 * ones (any free child number), renames and disables of existing accounts.
 */
const overridesArb = fc
  .array(
    fc.record({
      kind: fc.constantFrom("add", "add", "rename", "disable"),
      pick: fc.nat(),
      child: fc.integer({ min: 1, max: 99 }),
      label: labelArb,
    }),
    { maxLength: 60 },
  )
  .map((steps) => {
    const codes = DEFAULT_CATALOG.map((entry) => entry.key);
    const known = new Set(codes);
    let overrides: CatalogOverrides = {};
    for (const step of steps) {
      if (step.kind === "add") {
        const parents = codes.filter((code) => levelOf(code) < 5);
        const parent = parents[step.pick % parents.length];
        const segments = parent.split("-");
        segments[levelOf(parent)] = String(step.child).padStart(2, "0");
        const code = segments.join("-");
        if (known.has(code)) continue;
        known.add(code);
        codes.push(code);
        overrides = applyOverride(overrides, code, { label: step.label });
      } else {
        const code = codes.filter((c) => levelOf(c) > 1)[step.pick % (codes.length - GROUP_CODES.length)];
        overrides = applyOverride(overrides, code, step.kind === "rename" ? { label: step.label } : { disabled: true });
      }
    }
    return overrides;
  });

describe("catalog properties", () => {
  it("every code of a built tree parses, is unique, its pId exists and levels grow by one", () => {
    fc.assert(
      fc.property(overridesArb, (overrides) => {
        const tree = buildCatalog(overrides);
        const all = flattenCatalog(tree);
        const index = indexCatalog(tree);
        const problems: string[] = [];
        const check = (ok: boolean, problem: string) => ok || problems.push(problem);
        check(index.size === all.length, "duplicate key");
        for (const node of all) {
          check(codeShapeError(node.key) === null, `${node.key} does not parse`);
          check(node.level === levelOf(node.key), `${node.key} level`);
          check(node.pId === parentOf(node.key), `${node.key} pId`);
          if (node.pId === null) {
            check(node.level === 1 && tree.includes(node), `${node.key} is a root`);
            continue;
          }
          const parent = index.get(node.pId);
          if (parent === undefined) {
            problems.push(`${node.key} has no parent`);
            continue;
          }
          check(node.level === parent.level + 1, `${node.key} level grows by one`);
          check(parent.children.includes(node), `${node.key} is among its parent's children`);
          check(!(parent.level > 1 && parent.disabled) || node.disabled, `${node.key} inherits disabled`);
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("overrides grown by the rules validate, and every one of them shows in the tree", () => {
    fc.assert(
      fc.property(overridesArb, (overrides) => {
        expect(validateOverrides(overrides)).toEqual([]);
        const index = indexCatalog(buildCatalog(overrides));
        const defaults = new Map(DEFAULT_CATALOG.map((entry) => [entry.key, entry.label]));
        for (const [code, stored] of Object.entries(overrides)) {
          const override = typeof stored === "string" ? { label: stored } : stored;
          const node = index.get(code);
          expect(node).toBeDefined();
          expect(node!.added).toBe(!defaults.has(code));
          expect(node!.label).toBe(override.label?.trim() ?? defaults.get(code));
          if (override.disabled) expect(node!.disabled).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("nextCode of any node is a valid, unused child code, or a clear refusal", () => {
    fc.assert(
      fc.property(overridesArb, (overrides) => {
        const tree = buildCatalog(overrides);
        const index = indexCatalog(tree);
        for (const node of index.values()) {
          const highest = Math.max(0, ...node.children.map((child) => Number(child.key.split("-")[node.level])));
          if (node.level === 5) {
            expect(() => nextCode(node)).toThrow("está en el quinto nivel y no admite subcuentas.");
          } else if (highest === 99) {
            expect(() => nextCode(node)).toThrow(`La cuenta ${node.key} ya tiene la subcuenta 99`);
          } else {
            const code = nextCode(node);
            expect(validateNewCode(index, code)).toBeNull();
            expect(parentOf(code)).toBe(node.key);
            expect(Number(code.split("-")[node.level])).toBe(highest + 1);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("parentOf and levelOf agree on any well-formed code", () => {
    fc.assert(
      fc.property(codeArb, (code) => {
        expect(codeShapeError(code)).toBeNull();
        const level = levelOf(code);
        const parent = parentOf(code);
        if (level === 1) expect(parent).toBeNull();
        else {
          expect(levelOf(parent!)).toBe(level - 1);
          expect(isDescendantOf(code, parent!)).toBe(true);
          expect(code.startsWith(parent!.slice(0, (level - 1) * 3 - 1))).toBe(true);
        }
        expect(normalizeCode(code.replace(/-/g, ""))).toBe(code);
      }),
    );
  });

  it("any string that is not five two-digit segments is refused", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\d{2}-\d{2}-\d{2}-\d{2}-\d{2}$/.test(s)),
        (text) => {
          expect(codeShapeError(text)).not.toBeNull();
          expect(validateNewCode([], text)).not.toBeNull();
        },
      ),
    );
  });

  it("search finds any account by its code, with or without dashes, and by its label without accents", () => {
    fc.assert(
      fc.property(overridesArb, fc.nat(), (overrides, pick) => {
        const tree = buildCatalog(overrides);
        const all = flattenCatalog(tree);
        const node = all[pick % all.length];
        expect(searchCatalog(tree, node.key)).toContain(node);
        expect(searchCatalog(tree, node.key.replace(/-/g, ""))).toContain(node);
        expect(searchCatalog(tree, node.label)).toContain(node);
        expect(searchCatalog(tree, foldText(node.label).toUpperCase())).toContain(node);
        for (const found of searchCatalog(tree, node.key)) {
          expect(
            found.key === node.key || isDescendantOf(found.key, node.key) || foldText(found.label).includes(node.key),
          ).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("the filtered tree holds every match, and only matches, their ancestors and their subtrees", () => {
    fc.assert(
      fc.property(overridesArb, labelArb, (overrides, query) => {
        const tree = buildCatalog(overrides);
        const matches = searchCatalog(tree, query).map((node) => node.key);
        const kept = flattenCatalog(filterCatalog(tree, query)).map((node) => node.key);
        for (const key of matches) expect(kept).toContain(key);
        for (const key of kept) {
          const related = matches.some((m) => m === key || isDescendantOf(m, key) || isDescendantOf(key, m));
          expect(related).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("the CSV export reads back to the same accounts", () => {
    fc.assert(
      fc.property(overridesArb, fc.string({ minLength: 1, maxLength: 30 }), (overrides, oddLabel) => {
        const withOdd = applyOverride(overrides, "60-02-01-00-00", { label: oddLabel });
        const tree = buildCatalog(withOdd);
        const rows = parseCsv(catalogToCsv(tree));
        expect(rows[0]).toEqual(["código", "cuenta", "nivel", "padre", "deshabilitada"]);
        const all = flattenCatalog(tree);
        expect(rows.slice(1)).toEqual(
          all.map((node) => [
            node.key,
            /^[=+\-@\t\r]/.test(node.label) ? `'${node.label}` : node.label,
            String(node.level),
            node.pId ?? "",
            node.level > 1 && node.disabled ? "sí" : "no",
          ]),
        );
      }),
      { numRuns: 60 },
    );
  });
});

/** A strict RFC 4180 reader, to check the writer independently. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i++;
      } else {
        field += char;
        i++;
      }
    } else if (char === '"' && field === "") {
      quoted = true;
      i++;
    } else if (char === ",") {
      row.push(field);
      field = "";
      i++;
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 2;
    } else {
      if (char === '"' || char === "\n" || char === "\r") throw new Error(`unquoted ${JSON.stringify(char)} at ${i}`);
      field += char;
      i++;
    }
  }
  if (field !== "" || row.length > 0) throw new Error("missing final CRLF");
  return rows;
}
