/**
 * Financial statements (docs/design/books.md §4): Estado de Resultados, Balance General and Balance de
 * Comprobación as pure functions of the merged catalog, the period balances and a query read from
 * the URL. Shared by the pages, the exports and the tests.
 */
export * from "./period";
export * from "./query";
export * from "./balances";
export * from "./statements";
export * from "./display";
export * from "./csv";
export * from "./view";
export * from "./trial-wire";
export * from "./closing";
