import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "~/theme";
import { ThemeCssVariables, themeCssVariables } from "./ThemeCssVariables";

const render = (withCssVariables: boolean) =>
  renderToStaticMarkup(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={withCssVariables}
      getStyleNonce={() => "n0nce"}
    >
      {withCssVariables ? null : <ThemeCssVariables />}
    </MantineProvider>,
  );

describe("ThemeCssVariables", () => {
  it("writes the same variables as MantineProvider's own style element", () => {
    const own = render(true).match(/<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/)?.[1];
    expect(own).toContain("--mantine-color-brand-9: #006f58");
    expect(themeCssVariables()).toBe(own);
  });

  it("renders it with the provider's nonce, like the element it replaces", () => {
    const ours = render(false);
    const own = render(true);
    const tag = (html: string) => html.match(/<style data-mantine-styles="true"[^>]*>[\s\S]*?<\/style>/)?.[0];
    expect(tag(ours)).toBe(tag(own));
    expect(tag(ours)).toContain('nonce="n0nce"');
    expect(themeCssVariables()).toBe(themeCssVariables());
  });
});
