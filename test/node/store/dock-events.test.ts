// The store's named events (its machine, over the dock's reducer): each applied event reaches the listeners of its name, with the states around it, in the
// order events were applied, an event a listener dispatches included; an event that changes nothing reaches nobody.
import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { createMachine } from "../../../src/store/machine";
import { dockReducer, emptyDockState, type DockEvent } from "../../../src/store/dock/dock-reducer";
import type { DockStore } from "../../../src/store/dock/state";

function dock() {
  const store = createStore<DockStore>()(() => ({ ...emptyDockState("main", { state: "offline", attempt: 0 }), actions: undefined as unknown as DockStore["actions"] }));

  const commits: DockStore[] = [];
  store.subscribe((s) => commits.push(s));
  return { store, commits, ...createMachine<DockStore, DockEvent>(store, dockReducer) };
}

// Each one counts the announcement up by one, so `n` tells how many were applied.
const announce = (): DockEvent => ({ type: "announced", announcement: { key: "newQuestion", question: "Deploy where?" } });

describe("dock events", () => {
  it("tells a listener each event of its names, with the state the event made and the one before", () => {
    const d = dock();
    const heard: [string, boolean, boolean][] = [];
    d.on(["collapsed", "expanded"], (e, next, prev) => heard.push([e.type, next.collapsed, prev.collapsed]));
    d.dispatch({ type: "collapsed" });
    d.dispatch(announce());
    d.dispatch({ type: "expanded" });
    expect(heard).toEqual([
      ["collapsed", true, false],
      ["expanded", false, true],
    ]);
  });

  it("tells nobody of an event that changes nothing", () => {
    const d = dock();
    const heard: string[] = [];
    d.on(["collapsed", "expanded"], (e) => heard.push(e.type));
    d.dispatch({ type: "expanded" });
    d.dispatch({ type: "collapsed" });
    d.dispatch({ type: "collapsed" });
    expect(heard).toEqual(["collapsed"]);
    expect(d.commits).toHaveLength(1);
  });

  it("delivers an event a listener dispatches after the current one has reached every listener", () => {
    const d = dock();
    const heard: string[] = [];
    d.on(["collapsed"], () => {
      d.dispatch(announce());
      // Applied at once: the listener that dispatched reads its effect.
      heard.push(`first sees n=${d.get().announcement.n}`);
    });
    d.on(["collapsed", "announced"], (e, next, prev) => heard.push(`second hears ${e.type} (n ${prev.announcement.n}→${next.announcement.n})`));
    d.dispatch({ type: "collapsed" });
    expect(heard).toEqual(["first sees n=1", "second hears collapsed (n 0→0)", "second hears announced (n 0→1)"]);
  });

  it("keeps nested events in order through several levels, each heard once", () => {
    const d = dock();
    const heard: string[] = [];
    d.on(["collapsed"], () => d.dispatch(announce()));
    d.on(["announced"], (_e, next) => {
      if (next.announcement.n < 3) d.dispatch(announce());
    });
    d.on(["collapsed", "announced"], (e, next) => heard.push(`${e.type}:${next.announcement.n}`));
    d.dispatch({ type: "collapsed" });
    expect(heard).toEqual(["collapsed:0", "announced:1", "announced:2", "announced:3"]);
  });

  it("tells listeners inside a batch as each event lands, and the store's subscribers once when it ends", () => {
    const d = dock();
    const heard: string[] = [];
    d.on(["collapsed", "announced"], (e) => heard.push(`${e.type}, subscribers told ${d.commits.length}`));
    d.batch(() => {
      d.dispatch({ type: "collapsed" });
      d.dispatch(announce());
      expect(heard).toHaveLength(2);
    });
    expect(heard).toEqual(["collapsed, subscribers told 0", "announced, subscribers told 0"]);
    expect(d.commits).toHaveLength(1);
    expect(d.commits[0]).toMatchObject({ collapsed: true, announcement: { n: 1 } });
  });

  it("commits an event and what its listeners dispatch as one change of the store", () => {
    const d = dock();
    d.on(["collapsed"], () => d.dispatch(announce()));
    d.dispatch({ type: "collapsed" });
    expect(d.commits).toHaveLength(1);
    expect(d.store.getState()).toMatchObject({ collapsed: true, announcement: { n: 1 } });
  });

  it("stops telling a listener once unsubscribed, and keeps two registrations of one function apart", () => {
    const d = dock();
    const heard: string[] = [];
    const listener = (e: { type: string }) => heard.push(e.type);
    const off = d.on(["collapsed", "expanded"], listener);
    d.on(["expanded"], listener);
    d.dispatch({ type: "collapsed" });
    off();
    d.dispatch({ type: "expanded" });
    expect(heard).toEqual(["collapsed", "expanded"]);
  });

  it("drops what was queued when a listener throws, so later events are not heard out of turn", () => {
    const d = dock();
    const heard: string[] = [];
    let fail = true;
    d.on(["collapsed"], () => {
      d.dispatch(announce());
      if (fail) throw new Error("listener failed");
    });
    d.on(["announced", "expanded"], (e) => heard.push(e.type));
    expect(() => d.dispatch({ type: "collapsed" })).toThrow("listener failed");
    // The state still changed, and reached the store.
    expect(d.store.getState()).toMatchObject({ collapsed: true, announcement: { n: 1 } });
    fail = false;
    d.dispatch({ type: "expanded" });
    expect(heard).toEqual(["expanded"]);
  });
});
