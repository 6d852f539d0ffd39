// A blocking draft shaped like a credential is neither written (storage drops it) nor sent live to other tabs.
import { afterEach, describe, expect, it } from "vitest";
import { DRAFT_SAVE_DELAY_MS, blockingDraftsFeature, createMemoryStorage, createPaneBus, type PaneBus, type PaneMessage } from "../../../src/store";
import { keptDrafts } from "../../support/kept";
import { flush, startDock, TARGET, type DockFixture } from "./dock-fixture";

const KEY = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

let f: DockFixture | undefined;
let listener: PaneBus | undefined;
afterEach(() => {
  listener?.close();
  f?.stop();
});

describe("A blocking draft shaped like a credential", () => {
  it("stays in this tab: nothing stored, nothing broadcast, while plain text still is", async () => {
    const channel = `blocking-credential-${Math.random()}`;
    const storage = createMemoryStorage();
    f = await startDock({ blockingDrafts: blockingDraftsFeature({ storage, bus: createPaneBus(channel) }) });
    listener = createPaneBus(channel);
    const heard: PaneMessage[] = [];
    listener.subscribe((m) => heard.push(m));

    const id = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    f.actions.setOther(id, "target", "use the staging key");
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(JSON.stringify(heard)).toContain("use the staging key");
    expect(JSON.stringify(await keptDrafts(storage))).toContain("use the staging key");

    f.actions.setOther(id, "target", `use ${KEY}`);
    await flush(DRAFT_SAVE_DELAY_MS);
    expect(await keptDrafts(storage)).toEqual([]);
    expect(JSON.stringify(heard)).not.toContain(KEY);
  });
});
