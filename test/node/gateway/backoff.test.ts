import { describe, expect, it } from "vitest";
import { backoffDelay } from "../../../src/gateway/handshake";

const top = () => 0.999999;

describe("backoffDelay", () => {
  it("doubles the jitter window with each failed attempt, up to the cap", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, { baseMs: 500, maxMs: 30_000, random: top }));
    expect(delays).toEqual([499, 999, 1999, 3999, 7999, 15_999, 29_999, 29_999]);
  });

  it("picks uniformly inside the window (full jitter), so a zero draw retries at once", () => {
    expect(backoffDelay(4, { baseMs: 500, random: () => 0 })).toBe(0);
    expect(backoffDelay(4, { baseMs: 500, random: () => 0.5 })).toBe(2000);
    expect(backoffDelay(4, { baseMs: 500, random: () => 0.25 })).toBe(1000);
  });

  it("never waits less than the server's retryAfterMs", () => {
    expect(backoffDelay(1, { random: () => 0 }, 500)).toBe(500);
    expect(backoffDelay(1, { baseMs: 500, random: top }, 200)).toBe(499);
  });

  it("caps even the server's retryAfterMs, so a bad value cannot park the client", () => {
    expect(backoffDelay(1, { maxMs: 30_000, random: () => 0 }, 10 ** 12)).toBe(30_000);
  });

  it("survives absurd attempt counts and out-of-range random values", () => {
    expect(backoffDelay(10_000, { baseMs: 500, maxMs: 30_000, random: () => 7 })).toBe(30_000);
    expect(backoffDelay(0, { baseMs: 500, random: () => -1 })).toBe(0);
    expect(backoffDelay(1, { random: () => 0 }, Number.NaN)).toBe(0);
  });
});
