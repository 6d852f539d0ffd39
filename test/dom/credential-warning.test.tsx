import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuestionDock, QuestionDockProvider } from "../../src";
import { DRAFT_SAVE_DELAY_MS, createMemoryStorage } from "../../src/store";
import { keptDrafts } from "../support/kept";
import { TARGET } from "../support/questions";
import { startAsyncDock, type StartedAsyncDock } from "./async-harness";

const GITHUB_TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const WARNING = /looks like a password or key/;
const SECRET = { questionId: "api_key", header: "Key", question: "Paste the deploy key", options: [], isOther: true, isSecret: true, secretStore: { name: "DEPLOY_KEY", kind: "secret" } };

interface Rig extends StartedAsyncDock {
  blocking: ReturnType<typeof createMemoryStorage>;
  asyncDrafts: ReturnType<typeof createMemoryStorage>;
}
let rig: Rig | undefined;

// A dock whose blocking and async drafts both persist, to a memory storage the test can read.
async function start(): Promise<Rig> {
  const kept = createMemoryStorage();
  const blocking = kept;
  const asyncDrafts = kept;
  const dock = await startAsyncDock({ storage: kept });
  render(
    <QuestionDockProvider store={dock.store}>
      <QuestionDock layout="stepper" />
    </QuestionDockProvider>,
  );
  rig = Object.assign(dock, { blocking, asyncDrafts });
  return rig;
}

afterEach(() => {
  rig?.stop();
  rig = undefined;
});

// Past the debounce of both draft writers, so a write that was going to happen has happened.
const afterSaveDelay = () => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);

describe("A credential-shaped answer", () => {
  it("is warned about under the blocking Other field, and that draft is not kept (an earlier copy goes)", async () => {
    const { sim, blocking, user } = await start();
    sim.ask({ questions: [{ ...TARGET, isOther: true }] });
    const other = await screen.findByRole("textbox", { name: "Other" });
    await user.type(other, "use the staging key");
    await afterSaveDelay();
    expect((await keptDrafts(blocking))[0]?.answers.map((a) => a.other)).toContain("use the staging key");
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();

    await user.clear(other);
    await user.paste(GITHUB_TOKEN);
    expect(screen.getByText(WARNING)).toBeVisible();
    expect(other).toHaveAccessibleDescription(/Never answer with a credential/);
    // A warning, not an alarm: it is read with the field and never takes focus.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(other).toHaveFocus();
    await afterSaveDelay();
    expect(await keptDrafts(blocking)).toEqual([]);
  });

  it("is warned about in an async question too, and its draft is never written", async () => {
    const { sim, asyncDrafts, user } = await start();
    sim.askAsync({ questions: [{ title: "Which token should the deploy use?" }] });
    const other = await screen.findByRole("textbox", { name: "Other" });
    await user.type(other, "the usual one");
    await afterSaveDelay();
    await vi.waitFor(async () => expect((await keptDrafts(asyncDrafts)).flatMap((d) => d.answers.map((a) => a.other))).toEqual(["the usual one"]));

    await user.clear(other);
    await user.paste(`token: ${GITHUB_TOKEN}`);
    expect(screen.getByText(WARNING)).toBeVisible();
    await afterSaveDelay();
    await vi.waitFor(async () => expect(await keptDrafts(asyncDrafts)).toEqual([]));
  });

  it("leaves a secret-store question alone: masked, no warning, and it can be sent", async () => {
    const { sim, user } = await start();
    const record = sim.ask({ questions: [SECRET] });
    await screen.findByText("Paste the deploy key");
    const field = document.querySelector("input[type=password]") as HTMLInputElement;
    expect(field).not.toBeNull();
    await user.click(field);
    await user.paste(GITHUB_TOKEN);
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(field).not.toHaveAccessibleDescription(/credential/);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(sim.records().find((r) => r.id === record.id)?.status).toBe("answered"));
  });
});
