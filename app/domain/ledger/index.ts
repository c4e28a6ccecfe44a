/**
 * The books (docs/design/books.md): entry rules, numbers, period balances, running balances and the plain-text
 * journal. Pure TypeScript, shared by server and browser.
 */
export * from "./types";
export * from "./number";
export * from "./format";
export * from "./messages";
export * from "./validate";
export * from "./journal";
export * from "./running-balance";
export * from "./balances";
export * from "./account-filter";
export * from "./dollar-lines";
