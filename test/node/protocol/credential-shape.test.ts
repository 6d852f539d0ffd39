import { describe, expect, it } from "vitest";
import { looksLikeCredential } from "../../../src/protocol";

describe("looksLikeCredential", () => {
  it.each([
    ["an OpenAI-style key", "use sk-proj-4fJ9kQ2mN8vX7bL1pR5tY3wZ6cH0dA"],
    ["a Stripe live key", "sk_live_51HfQ2mK8vX7bL1pR5tY3wZ6c"],
    ["a GitHub token", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"],
    ["a fine-grained GitHub token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFG"],
    ["an AWS access key id", "AKIAIOSFODNN7EXAMPLE"],
    ["a Slack bot token", "xoxb-123456789012-123456789012-AbCdEfGhIjKlMnOp"],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
    ["a PEM private key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----"],
    ["a long random token", "token: Zq8vN3kP2xR7mT5wB9cL4hJ6dF1gS0aY"],
  ])("warns about %s", (_name, text) => {
    expect(looksLikeCredential(text)).toBe(true);
  });

  it.each([
    ["a sentence", "Deploy to staging first, then production after the smoke tests pass."],
    ["a URL", "https://example.com/releases/2024/notes-for-the-winter-release"],
    ["a commit hash", "revert 9fceb02d0ae598e95dc970b74767f19372d61af8 please"],
    ["a UUID", "a3bb189e-8bf9-3888-9912-ace4e6543002"],
    ["a long word", "Donaudampfschifffahrtsgesellschaftskapitän"],
    ["a path", "src/components/QuestionDockStepper.stories.tsx"],
    ["a short answer", "sk-1"],
    ["an empty answer", ""],
  ])("leaves %s alone", (_name, text) => {
    expect(looksLikeCredential(text)).toBe(false);
  });
});
