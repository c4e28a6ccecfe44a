export * from "./rates";
export * from "./receipt";
export * from "./return";
export * from "./settlement";
export * from "./credit-rule";
export * from "./declaration";
export type * from "./view";
export * from "./prorrata";
export * from "./layout";
