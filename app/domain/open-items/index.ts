export * from "./aging";
export * from "./balances";
export * from "./due-date";
export * from "./payment";
export * from "./statement";
export * from "./statement-csv";
export * from "./query";
export * from "./views";
