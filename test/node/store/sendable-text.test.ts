import { afterEach, describe, expect, it } from "vitest";
import { sendableText } from "../../../src/protocol/sendable-text";
import { draftOf } from "../../../src/store";
import { TARGET, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture | undefined;
afterEach(() => f?.stop());

describe("Typed answers are cleaned as the gateway would", () => {
  it.each([
    ["a NUL byte", "main\u0000branch", "mainbranch", 1],
    ["other C0 controls and DEL", "a\u0001b\u0008c\u000Bd\u001Fe\u007F", "abcde", 5],
    ["tab and line breaks, which stay", "one\ttwo\nthree\r\n", "one\ttwo\nthree\r\n", 0],
    ["RTL marks and emoji, which stay", "\u200Fשלום 👨‍👩‍👧", "\u200Fשלום 👨‍👩‍👧", 0],
  ])("%s", (_name, input, text, removed) => {
    expect(sendableText(input)).toEqual({ text, removed });
  });

  it("drops a NUL byte typed into Other, so the answer can be sent as shown", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    f.actions.setOther(id, "target", "Canary\u0000 first");
    expect(draftOf(f.state().views.get(id), "target").other).toBe("Canary first");
    await f.actions.submit(id);
    await until(() => f!.state().outcomes.get(id), "the outcome");
    expect(f.gatewayRecord(id)?.answers?.answers["target"]).toEqual(["Canary first"]);
  });
});
