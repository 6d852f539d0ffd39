import { describe, expect, it } from "vitest";
import { readTarget } from "../../playground/connect";

describe("The playground's ?backoffMaxMs=", () => {
  it("caps a real gateway's reconnect delay, leaves the default without it, and refuses what is no duration", () => {
    expect(readTarget("?gateway=ws://127.0.0.1:18789&backoffMaxMs=2000")).toMatchObject({ kind: "gateway", backoffMaxMs: 2000 });
    expect(readTarget("?gateway=ws://127.0.0.1:18789")).not.toHaveProperty("backoffMaxMs");
    for (const bad of ["0", "-5", "1.5", "soon", ""]) expect(readTarget(`?gateway=ws://127.0.0.1:18789&backoffMaxMs=${bad}`)).toMatchObject({ kind: "invalid" });
  });
});
