import {
  DEFAULT_THEME,
  convertCssVariables,
  deepMerge,
  defaultCssVariablesResolver,
  keys,
  mergeMantineTheme,
  useMantineStyleNonce,
  type ConvertCSSVariablesInput,
} from "@mantine/core";
import { cssVariablesResolver, theme } from "~/theme";

let css: string | null = null;

/**
 * The theme's CSS variables exactly as MantineProvider's own `<style>` writes them (its defaults
 * removed), computed once per process: Mantine derives them again on every render, resolving every
 * colour of the palette, ≈ 6 ms of every server-rendered page (decision 118).
 */
export function themeCssVariables(): string {
  if (css === null) {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const variables: ConvertCSSVariablesInput = deepMerge(
      defaultCssVariablesResolver(merged),
      cssVariablesResolver(merged),
    );
    const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
    const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
    for (const part of ["variables", "light", "dark"] as const) {
      for (const key of keys(variables[part])) {
        if (defaults[part][key] !== variables[part][key]) cleaned[part][key] = variables[part][key];
      }
    }
    css = convertCssVariables(cleaned);
  }
  return css;
}

/** In place of MantineProvider's variables (render it inside a provider with `withCssVariables={false}`). */
export function ThemeCssVariables() {
  const nonce = useMantineStyleNonce();
  return <style data-mantine-styles nonce={nonce?.()} dangerouslySetInnerHTML={{ __html: themeCssVariables() }} />;
}
