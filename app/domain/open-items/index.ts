export * from "./aging";
export * from "./balances";
export * from "./due-date";
export * from "./payment";
export * from "./statement";
