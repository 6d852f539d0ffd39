// The simulated agent of the playground: a message that mentions deploying makes it call ask_user, as a real
// agent run would, so the composer's reply-as-answer can be tried without a real gateway; anything else is echoed.
import type { SimAgentTurn } from "../src/simulated";

const DEPLOY_QUESTION = {
  id: "deploy_target",
  header: "Deploy",
  question: "Where should this deploy?",
  options: [
    { label: "Staging (Recommended)", description: "Try it where nobody depends on it first" },
    { label: "Production", description: "Live for everyone" },
  ],
};

/** The agent's turn for a chat message: ask where to deploy when asked to deploy, else an echo. */
export function playgroundAgent(message: string): SimAgentTurn {
  if (/\bdeploy/i.test(message)) return { askUser: { questions: [DEPLOY_QUESTION], timeoutSeconds: 900 }, then: "Going ahead with your choice." };
  return `Noted: ${message}`;
}
