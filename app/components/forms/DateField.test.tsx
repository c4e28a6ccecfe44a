import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DateField, dateFieldProblem, dateFieldText } from "./DateField";

const page = vi.hoisted(() => ({ hydrated: false }));
vi.mock("remix-utils/use-hydrated", () => ({ useHydrated: () => page.hydrated }));
afterEach(() => {
  page.hydrated = false;
});

function render(props: Partial<Parameters<typeof DateField>[0]> = {}): string {
  return renderToString(
    <MantineProvider>
      <DateField name="date" label="Fecha" {...props} />
    </MantineProvider>,
  );
}

const inputTags = (html: string) => html.match(/<input[^>]*>/g) ?? [];

describe("DateField without JavaScript (server render)", () => {
  it("is a text input named as the field, showing the day as dd/mm/aaaa with its placeholder and pattern", () => {
    const html = render({ defaultValue: "2026-10-31", required: true });
    const [input, ...others] = inputTags(html);
    expect(others).toEqual([]);
    expect(input).toMatch(/name="date"/);
    expect(input).toMatch(/value="31\/10\/2026"/);
    expect(input).toMatch(/placeholder="dd\/mm\/aaaa"/);
    expect(input).toMatch(/pattern="[^"]+"/);
    expect(input).toMatch(/required=""/);
    expect(html).toContain("Fecha");
  });

  it("re-renders refused text as it was posted, with the error", () => {
    const html = render({ defaultValue: "30/02/2025", error: "La fecha 30/02/2025 no existe." });
    expect(inputTags(html)[0]).toMatch(/value="30\/02\/2025"/);
    expect(inputTags(html)[0]).toMatch(/aria-invalid="true"/);
    expect(html).toContain("La fecha 30/02/2025 no existe.");
  });
});

describe("DateField once hydrated", () => {
  it("is the same single text input posting under the name, with a calendar button beside it", () => {
    const before = inputTags(render({ defaultValue: "2026-01-05" }));
    page.hydrated = true;
    const html = render({ defaultValue: "2026-01-05" });
    const after = inputTags(html);
    // Nothing is swapped at hydration: one named input, the same one the server sent.
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/name="date"/);
    expect(after[0]).toMatch(/value="05\/01\/2026"/);
    expect(after[0]?.replace(/ data-with-right-section="true"/, "")).toBe(before[0]);
    expect(html).toContain('aria-label="Elegir la fecha en el calendario"');
  });
});

describe("dateFieldProblem", () => {
  it("says in Spanish why a text is not a day, and nothing for a day or a blank field", () => {
    expect(dateFieldProblem("31/11/2026")).toBe("La fecha 31/11/2026 no existe.");
    expect(dateFieldProblem("15-10-2026")).toBe("Escriba la fecha como dd/mm/aaaa, por ejemplo 31/10/2026.");
    expect(dateFieldProblem("15/10/2026")).toBeNull();
    expect(dateFieldProblem("  ")).toBeNull();
  });
});

describe("dateFieldText", () => {
  it("shows a CalendarDate or a typed day as dd/mm/aaaa and keeps other text", () => {
    expect(dateFieldText("2026-10-31")).toBe("31/10/2026");
    expect(dateFieldText("1/9/2026")).toBe("01/09/2026");
    expect(dateFieldText("ayer")).toBe("ayer");
    expect(dateFieldText(null)).toBe("");
  });
});
