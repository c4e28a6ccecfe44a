import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCatalog, indexCatalog } from "~/domain/catalog";
import { AccountPicker, accountFilter, accountOptions } from "./AccountPicker";

const page = vi.hoisted(() => ({ hydrated: false }));
vi.mock("remix-utils/use-hydrated", () => ({ useHydrated: () => page.hydrated }));
afterEach(() => {
  page.hydrated = false;
});

const catalog = buildCatalog({
  "10-01-01-03-04": "Banco Popular – cta. corriente ₡",
  "60-02-13-00-00": { disabled: true },
});

function render(props: Partial<Parameters<typeof AccountPicker>[0]> = {}): string {
  return renderToString(
    <MantineProvider>
      <AccountPicker catalog={catalog} name="account" label="Cuenta" {...props} />
    </MantineProvider>,
  );
}

function optionTag(html: string, code: string): string {
  const match = html.match(new RegExp(`<option[^>]*value="${code}"[^>]*>`));
  if (!match) throw new Error(`no option ${code}`);
  return match[0];
}

describe("AccountPicker without JavaScript (server render)", () => {
  it("is a native select that posts the account code under its name", () => {
    const html = render();
    expect(html).toMatch(/<select[^>]*name="account"/);
    expect(html).toMatch(/<option value="" selected="">Seleccione una cuenta<\/option>/);
    expect(html.match(/<option /g)).toHaveLength(1 + 246);
    expect(html).toContain("Cuenta</label>");
  });

  it("shows groups, headers and disabled accounts, but disabled", () => {
    const html = render();
    expect(optionTag(html, "10-00-00-00-00")).toContain("disabled");
    expect(optionTag(html, "10-01-01-03-00")).toContain("disabled");
    expect(optionTag(html, "60-02-13-00-00")).toContain("disabled");
    expect(optionTag(html, "10-01-01-03-04")).not.toContain("disabled");
    expect(optionTag(html, "10-01-01-01-00")).not.toContain("disabled");
  });

  it("selects the default value", () => {
    const html = render({ defaultValue: "10-01-01-03-04" });
    expect(optionTag(html, "10-01-01-03-04")).toContain("selected");
    expect(html.match(/selected=""/g)).toHaveLength(1);
  });

  it("shows the error and marks the field required", () => {
    const html = render({ error: "Seleccione una cuenta de movimiento.", required: true });
    expect(html).toContain("Seleccione una cuenta de movimiento.");
    expect(html).toMatch(/<select[^>]*required=""/);
    expect(html).toMatch(/<select[^>]*aria-invalid="true"/);
  });
});

describe("AccountPicker once hydrated", () => {
  it("is a searchable input whose hidden field posts the chosen code under the name", () => {
    page.hydrated = true;
    const html = render({ defaultValue: "10-01-01-03-04" });
    expect(html).not.toContain("<select");
    expect(html).toMatch(/<input[^>]*type="hidden"[^>]*name="account"[^>]*value="10-01-01-03-04"/);
    expect(html).toContain('value="10-01-01-03-04 Banco Popular – cta. corriente ₡"');
    expect(html).toContain('placeholder="Buscar por código o nombre"');
  });

  it("posts nothing when no account is chosen", () => {
    page.hydrated = true;
    const html = render();
    expect(html).toMatch(/<input[^>]*type="hidden"[^>]*name="account"[^>]*value=""/);
  });
});

describe("AccountPicker options and search", () => {
  const options = accountOptions(catalog);
  const filter = accountFilter(indexCatalog(catalog));
  const search = (text: string, limit = Infinity) =>
    filter({ options, search: text, limit }).map((o) => ("value" in o ? o.value : o.group));

  it("lists every account with its code and label, only movement accounts enabled", () => {
    expect(options).toHaveLength(246);
    expect(options.find((o) => o.value === "10-01-01-03-04")).toMatchObject({
      label: "10-01-01-03-04 Banco Popular – cta. corriente ₡",
      disabled: false,
    });
    expect(options.find((o) => o.value === "10-01-01-03-00")?.disabled).toBe(true);
    expect(options.filter((o) => !o.disabled)).toHaveLength(199);
  });

  it("searches by code prefix, with or without dashes, and by label without accents", () => {
    expect(search("10-01-01-03")).toEqual(search("10010103"));
    expect(search("10010103")).toEqual([
      "10-01-01-03-00",
      "10-01-01-03-01",
      "10-01-01-03-02",
      "10-01-01-03-03",
      "10-01-01-03-04",
    ]);
    expect(search("movil")).toEqual(["10-01-01-03-03"]);
    expect(search("CÓMPUTO")).toEqual(["10-02-01-06-00", "10-02-02-05-00", "60-03-03-00-00"]);
  });

  it("keeps matching headers, disabled, and respects the limit", () => {
    const banks = filter({ options, search: "bancos", limit: Infinity });
    expect(banks.every((o) => "disabled" in o && o.disabled)).toBe(true);
    expect(search("", 5)).toHaveLength(5);
  });
});

describe("AccountPicker in a table cell", () => {
  it("takes its accessible name from ariaLabel, with and without JavaScript", () => {
    expect(render({ label: undefined, ariaLabel: "Línea 2: cuenta" })).toMatch(
      /<select[^>]*aria-label="Línea 2: cuenta"/,
    );
    page.hydrated = true;
    expect(render({ label: undefined, ariaLabel: "Línea 2: cuenta" })).toMatch(
      /<input[^>]*aria-label="Línea 2: cuenta"/,
    );
  });
});
