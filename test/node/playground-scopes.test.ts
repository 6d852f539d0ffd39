import { describe, expect, it } from "vitest";
import { readTarget } from "../../playground/connect";

describe("The playground's ?scopes=", () => {
  it("asks a real gateway for only the listed scopes, and leaves the default otherwise", () => {
    expect(readTarget("?gateway=ws://127.0.0.1:18789&scopes=operator.sessions.write")).toMatchObject({ kind: "gateway", scopes: ["operator.sessions.write"] });
    expect(readTarget("?gateway=ws://127.0.0.1:18789&scopes=operator.read, operator.write")).toMatchObject({ scopes: ["operator.read", "operator.write"] });
    expect(readTarget("?gateway=ws://127.0.0.1:18789")).not.toHaveProperty("scopes");
  });
});
