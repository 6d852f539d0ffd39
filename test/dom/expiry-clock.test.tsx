import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ExpiryClock } from "../../src/components/ExpiryClock";
import { formatCountdown } from "../../src/hooks/use-expiry-countdown";

const NOW = 1_700_000_000_000;
const now = () => NOW;

describe("formatCountdown", () => {
  it.each([
    [0, "00:00"],
    [1, "00:01"],
    [42_000, "00:42"],
    [59 * 60_000 + 59_000, "59:59"],
    [3_600_000, "1:00:00"],
    [3_600_001, "1:00:01"],
    [100 * 60_000, "1:40:00"],
    [(100 * 3600 - 1) * 1000, "99:59:59"],
    [100 * 3600 * 1000, "99+ h"],
    [1e306, "99+ h"],
    [Number.MAX_VALUE, "99+ h"],
    [Infinity, "99+ h"],
    [-5_000, "00:00"],
    [-Infinity, "00:00"],
    [NaN, "00:00"],
  ])("formatCountdown(%d) → %s", (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe("ExpiryClock with odd expiries", () => {
  it.each([
    ["far in the future", 1e306, "99+ h", "Time left: more than 99 hours"],
    ["a day away", NOW + 24 * 3_600_000, "24:00:00", "Time left: about 24 hours"],
    ["an hour away", NOW + 3_600_000, "1:00:00", "Time left: 60 minutes"],
    ["in the past", NOW - 90_000, "00:00", "Time left: less than a minute"],
    ["not a number", NaN, "00:00", "Time left: less than a minute"],
    ["infinitely far", Infinity, "99+ h", "Time left: more than 99 hours"],
  ])("%s shows a short, readable time", (_name, expiresAtMs, digits, spoken) => {
    const { container } = render(<ExpiryClock expiresAtMs={expiresAtMs} now={now} />);
    expect(screen.getByTitle("Time left to answer")).toHaveTextContent(digits);
    expect(screen.getByText(spoken)).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/e\+|NaN|Infinity|-\d/);
  });

  it("gives no last-minute warning for an unreadable expiry", () => {
    render(<ExpiryClock expiresAtMs={NaN} now={now} />);
    expect(screen.queryByText("One minute left to answer.")).not.toBeInTheDocument();
  });
});
