export * from "./compute";
export * from "./decree-tables";
export * from "./prepayments";
export * from "./projection";
export * from "./rate";
export * from "./tables";
export * from "./validate";
export * from "./provision";
