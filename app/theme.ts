import { createTheme, type MantineColorsTuple } from "@mantine/core";

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
  primaryShade: { light: 8, dark: 6 },
  colors: { brand },
  fontFamily: "'Work Sans', system-ui, -apple-system, 'Segoe UI', sans-serif",
  headings: { fontFamily: "'Work Sans', system-ui, -apple-system, 'Segoe UI', sans-serif", fontWeight: "600" },
  defaultRadius: "md",
});
