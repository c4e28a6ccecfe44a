export * from "./year-close";
export * from "./forms";
