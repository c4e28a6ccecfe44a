import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DateField, dateFieldText } from "./DateField";

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
  it("is Mantine's DateInput showing dd/mm/aaaa, with a hidden input posting the same text under the name", () => {
    page.hydrated = true;
    const html = render({ defaultValue: "2026-01-05" });
    const inputs = inputTags(html);
    // Mantine's own hidden input has no name: only ours posts.
    const hidden = inputs.filter((tag) => tag.includes('type="hidden"') && tag.includes("name="));
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toMatch(/name="date"/);
    expect(hidden[0]).toMatch(/value="05\/01\/2026"/);
    const visible = inputs.find((tag) => tag.includes("data-dates-input"));
    expect(visible).toBeDefined();
    expect(visible).toMatch(/value="05\/01\/2026"/);
    expect(visible).not.toMatch(/name=/);
  });

  it("posts nothing for text that is not a day", () => {
    page.hydrated = true;
    const hidden = inputTags(render({ defaultValue: "30/02/2025" })).find((tag) => tag.includes('name="date"'));
    expect(hidden).toContain('type="hidden"');
    expect(hidden).toMatch(/value=""/);
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
