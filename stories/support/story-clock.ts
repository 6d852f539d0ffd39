// A hand-driven clock for stories: time stands still unless a scenario moves it, so countdowns, expiry and
// snapshots never change while a story is on screen or under test.
import type { SimClock } from "../../src/simulated";

/** The instant every story starts at: 15 January 2026, 09:30 UTC. */
export const STORY_EPOCH_MS = Date.UTC(2026, 0, 15, 9, 30);

/** A clock whose time moves only through `advance`; its timers fire then, in due order. */
export interface StoryClock extends SimClock {
  /** Moves time forward, firing every timer that falls due on the way. */
  advance(ms: number): void;
}

interface Timer {
  at: number;
  seq: number;
  run: () => void;
}

/** Creates a stopped clock at `startMs`, usable as the simulated gateway's clock and the store's `now` and timers. */
export function createStoryClock(startMs = STORY_EPOCH_MS): StoryClock {
  let current = startMs;
  let seq = 0;
  const timers = new Map<number, Timer>();
  const nextDue = (until: number) =>
    [...timers.values()].filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
  return {
    now: () => current,
    setTimeout(run, ms) {
      const id = ++seq;
      timers.set(id, { at: current + Math.max(0, ms), seq: id, run });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = current + ms;
      for (let due = nextDue(target); due; due = nextDue(target)) {
        timers.delete(due.seq);
        current = due.at;
        due.run();
      }
      current = target;
    },
  };
}
