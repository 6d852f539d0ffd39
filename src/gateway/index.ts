export * from "./connection";
export * from "./transport";
export * from "./device-identity";
export * from "./client";
export * from "./websocket-transport";
export * from "./questions-api";
export * from "./clock";
