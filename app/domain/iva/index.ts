export * from "./rates";
export * from "./receipt";
export * from "./return";
export * from "./settlement";
export * from "./prorrata";
export * from "./layout";
