// The library entry. The simulated gateway has its own entry, "@openclaw-kit/question-dock/simulated".
export * from "./protocol";
export * from "./gateway";
export * from "./store";
export * from "./components";
export * from "./hooks";
