// Every conformance scenario that a shared gateway can run (the restart ones need a gateway of their own).
import type { ConformanceBackend } from "./backend";
import { agentRunScenarios } from "./scenarios/agent-runs";
import { chatReplyScenarios } from "./scenarios/chat-replies";
import { chatSendScenarios } from "./scenarios/chat-send";
import { questionScenarios } from "./scenarios/questions";

/** Registers the shared-gateway scenarios against `backend`. */
export function conformanceScenarios(backend: () => ConformanceBackend): void {
  questionScenarios(backend);
  agentRunScenarios(backend);
  chatReplyScenarios(backend);
  chatSendScenarios(backend);
}
