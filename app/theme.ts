import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

const brand: MantineColorsTuple = [
  "#e6f7f4",
  "#d2ede8",
  "#a6dacf",
  "#76c6b5",
  "#4fb59f",
  "#37ab91",
  "#27a68a",
  "#159176",
  "#058168",
  "#006f58",
];

export const theme = createTheme({
  primaryColor: "brand",
  // Shade 9 keeps brand text on the light active background above the 4.5:1 contrast ratio.
  primaryShade: { light: 9, dark: 6 },
  colors: { brand },
  fontFamily: "'Work Sans', system-ui, -apple-system, 'Segoe UI', sans-serif",
  headings: { fontFamily: "'Work Sans', system-ui, -apple-system, 'Segoe UI', sans-serif", fontWeight: "600" },
  defaultRadius: "md",
});

/**
 * Mantine's default "dimmed" grey (#868e96) is below 4.5:1 on white; small print has to stay readable.
 * So is its light orange text on the light orange background (3,76:1, the receipts' «adv.» badge and
 * the orange alerts' titles): a darker orange keeps it above 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5c636a", "--mantine-color-orange-light-color": "#a33b00" },
  dark: {},
});
