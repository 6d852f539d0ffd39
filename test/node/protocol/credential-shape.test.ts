import { describe, expect, it } from "vitest";
import { looksLikeCredential } from "../../../src/protocol/credential-shape";

// Decisions: a hex digest (commit hash, checksum) and a UUID are identifiers people quote as answers, not secrets,
// so they pass. Public keys and certificates are public, so they pass. A signed URL carries its secret in the
// query, so it is warned about. The long-token rule wants all three of lower case, upper case and digits and
// at least 4 bits of entropy per character, so words, identifiers and repeated runs pass.
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
    ["a Stripe test secret", "rk_test_4eC39HqLyjWDarjtT1zdp7dc00"],
    ["a Slack user token", "xoxp-2048-2048-2048-b4d3c0ffee1234"],
    ["an AWS temporary key id in a sentence", "the key is ASIAY34FZKBOKMUTVV7A, region eu-west-1"],
    ["an Anthropic key", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz012345"],
    ["a bearer JWT", "Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhY2NvdW50cyJ9.c2lnbmF0dXJlLXBhcnQtaGVyZQ"],
    ["an RSA private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----"],
    ["an unlabelled PKCS#8 key", "-----BEGIN PRIVATE KEY-----"],
    ["an encrypted private key", "-----BEGIN ENCRYPTED PRIVATE KEY-----"],
    ["a base64 secret with + and /", "secret=q8+vN3kP/2xR7mT5wB9cL4hJ6dF1gS0aYz=="],
    ["a certificate bundled with its private key", "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+g\n-----END CERTIFICATE-----\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----"],
    ["a token pasted after a public key", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx8Pq3kV2mN7bR4tY9wZ1cH6dF0aJ5sL8eU3iO2pQ and Zq8vN3kP2xR7mT5wB9cL4hJ6dF1gS0aY"],
    ["a signed URL (its signature is a secret)", "https://bucket.example/x?X-Amz-Signature=Zq8vN3kP2xR7mT5wB9cL4hJ6dF1gS0aYr5T"],
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
    ["a SHA-256 checksum", "sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
    ["an uppercase UUID", "A3BB189E-8BF9-3888-9912-ACE4E6543002"],
    ["an email address", "please mail release-managers@example.com about it"],
    ["a long identifier", "useQuestionDockStoreSelectorWithShallowCompare"],
    ["a long snake_case key", "question_dock_store_selector_with_compare_2"],
    ["a public SSH key", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx8Pq3kV2mN7bR4tY9wZ1cH6dF0aJ5sL8eU3iO2pQ deploy@ci"],
    ["a certificate", "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----"],
    ["a repeated character run", "Aa1".repeat(20)],
    ["a long sentence", "We should ship the release on Tuesday after QA signs off on build 4721 and the changelog is reviewed. ".repeat(5)],
  ])("leaves %s alone", (_name, text) => {
    expect(looksLikeCredential(text)).toBe(false);
  });
});
