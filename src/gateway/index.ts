export * from "./connection";
export * from "./transport";
export * from "./device-identity";
export * from "./connect-params";
export * from "./connect-failure";
export * from "./client";
export * from "./websocket-transport";
export * from "./questions-api";

export * from "./clock";
