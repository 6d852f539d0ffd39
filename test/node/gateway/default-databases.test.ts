import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createIndexedDbKeyStore, loadOrCreateDeviceIdentity } from "../../../src/gateway";
import { createIndexedDbStorage } from "../../../src/store";

describe("Default IndexedDB databases", () => {
  it("lets the device key and the outbox live side by side with their defaults", async () => {
    // idb-keyval makes one object store per database, so sharing a database would fail whichever opened second.
    const outbox = createIndexedDbStorage();
    await outbox.put("probe:draft:async:i1", { requestId: "async:i1", step: 0, answers: [{ questionId: "q0", selected: [], other: "x" }], edited: true, updatedAt: 1 });
    const keys = createIndexedDbKeyStore();
    const first = await loadOrCreateDeviceIdentity(keys);
    const again = await loadOrCreateDeviceIdentity(createIndexedDbKeyStore());
    expect(again.deviceId).toBe(first.deviceId);
    expect(await outbox.list("probe:")).toHaveLength(1);
  });
});
