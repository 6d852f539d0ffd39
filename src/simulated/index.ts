export { createSimulatedGateway, SIM_OPERATOR_SCOPES } from "./simulated-gateway";
export type { SimulatedGateway, SimulatedGatewayOptions, SimAskParams, SimAskAsyncParams } from "./simulated-gateway";
export type { SimClock } from "./sim-clock";
export type { SimChatMessage, SimAsyncQuestion, SimAsyncDelivery, SimAgentTurn, SimAskUserQuestion } from "./sim-chat";
export type { SimQuestionInput } from "./sim-question-rules";
export { DEFAULT_QUESTION_TIMEOUT_MS, RESOLVED_GRACE_MS } from "./sim-questions";
export type { SimPersistence } from "./sim-persist";
export { createScriptedDock, storeReaches } from "./scripted-dock";
export type { ScriptedDock, ScriptedDockOptions } from "./scripted-dock";
