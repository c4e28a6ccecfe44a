export * from "./year-close";
