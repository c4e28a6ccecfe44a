export * from "./rate";
export * from "./parse-bccr";
export * from "./parse-hacienda";
export * from "./carry-forward";
export * from "./warning";
export * from "./form";
export * from "./view";
export * from "./revaluation";
