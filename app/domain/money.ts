/**
 * Exact money (docs/decisions/002-money-representation.md): `Amount` in 0.00001 units as Hacienda
 * writes it, `Cents` at the edges, what people type and what they read.
 */
export * from "./money/amount";
export * from "./money/display";
export * from "./money/input";
