// The soak's verdicts (test/soak/ledger.ts): each kind of disagreement between the page and the gateway is
// counted where it belongs, and agreement counts nothing.
import { describe, expect, it } from "vitest";
import { auditLabel, judge, total, type Episode } from "../../soak/ledger";
import { createRng } from "../../soak/rng";

const ME = "control-ui:me";
const base: Episode = {
  n: 1,
  fault: "socket-drop",
  variant: "after-click",
  requestId: "q1",
  intended: { kind: "answer", answers: { pick: ["Beta"] } },
  ownResolvers: [ME],
  sawOkReply: true,
  truth: { status: "answered", answers: { pick: ["Beta"] }, resolvedBy: ME, resolvedEvents: 1 },
  ui: { kind: "summary", label: "answered", text: "" },
  notSentButRecorded: 0,
  draftsLost: 0,
  draftChecks: 0,
  notes: [],
};
const score = (over: Partial<Episode>) => {
  const { lost, duplicated, mislabelled, stuck, unknowable } = judge({ ...base, ...over });
  return { lost, duplicated, mislabelled, stuck, unknowable };
};
const none = { lost: 0, duplicated: 0, mislabelled: 0, stuck: 0, unknowable: 0 };

describe("soak verdicts", () => {
  it("our answer, shown as answered, counts nothing", () => {
    expect(score({})).toEqual(none);
  });

  it("our own answer shown as answered elsewhere is mislabelled", () => {
    expect(score({ ui: { kind: "summary", label: "answered elsewhere", text: "" } })).toEqual({ ...none, mislabelled: 1 });
  });

  it("the gateway holds our answer but the page shows nothing, or says it was not sent: lost", () => {
    expect(score({ ui: { kind: "nothing" } })).toEqual({ ...none, lost: 1 });
    expect(score({ notSentButRecorded: 1 })).toEqual({ ...none, lost: 1 });
  });

  it("the page claims an answer the gateway never got: lost", () => {
    expect(score({ truth: { status: "pending", resolvedEvents: 0 } })).toEqual({ ...none, lost: 1 });
    expect(score({ truth: { status: "gone", resolvedEvents: 0 } })).toEqual({ ...none, lost: 1 });
  });

  it("a resolve applied twice, or another answer under our resolvedBy, is duplicated", () => {
    expect(score({ truth: { ...base.truth, resolvedEvents: 2 } })).toEqual({ ...none, duplicated: 1 });
    expect(score({ truth: { ...base.truth, answers: { pick: ["Alpha"] } } })).toEqual({ ...none, duplicated: 1 });
  });

  it("another page's answer must read as answered elsewhere; a cancel by the run as cancelled", () => {
    const theirs = { status: "answered" as const, answers: { pick: ["Alpha"] }, resolvedBy: "control-ui:soak-admin", resolvedEvents: 1 };
    expect(score({ truth: theirs, ui: { kind: "summary", label: "answered elsewhere", text: "" } })).toEqual(none);
    expect(score({ truth: theirs })).toEqual({ ...none, mislabelled: 1 });
    const aborted = { status: "cancelled" as const, resolvedBy: "requester-inactive", resolvedEvents: 1 };
    expect(score({ truth: aborted, ui: { kind: "summary", label: "cancelled", text: "" } })).toEqual(none);
    expect(score({ truth: aborted, ui: { kind: "summary", label: "skipped elsewhere", text: "" } })).toEqual({ ...none, mislabelled: 1 });
  });

  it("an end by a value nobody has words for must be said as it is, never as someone else's answer or skip", () => {
    const unknown = { status: "cancelled" as const, resolvedBy: "harness-v9", resolvedEvents: 1 };
    expect(score({ truth: unknown, ui: { kind: "summary", label: "ended: harness-v9", text: "" } })).toEqual(none);
    expect(score({ truth: unknown, ui: { kind: "summary", label: "skipped elsewhere", text: "" } })).toEqual({ ...none, mislabelled: 1 });
    const image = { status: "cancelled" as const, resolvedBy: "image-reply", resolvedEvents: 1 };
    expect(score({ truth: image, ui: { kind: "summary", label: "cancelled", text: "" } })).toEqual(none);
  });

  it("two summaries that disagree for one request are mislabelled", () => {
    expect(score({ ui: { kind: "summary", label: "answered + no answer", text: "" } })).toEqual({ ...none, mislabelled: 1 });
  });

  it("recorded, then wiped by a restart before any reply: Unavailable is as much as the page can know", () => {
    const wiped = { ...base.truth, fromLogBeforeRestart: true };
    expect(score({ truth: wiped, sawOkReply: false, ui: { kind: "summary", label: "unavailable", text: "" } })).toEqual({ ...none, unknowable: 1 });
    // ...but not to call it unsent: that reports an answer the gateway had as lost.
    const claim = { kind: "summary" as const, label: "unavailable", text: "Unavailable\nYour answer was not sent:\nBeta" };
    expect(score({ truth: wiped, sawOkReply: false, ui: claim })).toEqual({ ...none, lost: 1 });
    expect(score({ truth: wiped, sawOkReply: true, ui: { kind: "summary", label: "unavailable", text: "" } })).toEqual({ ...none, mislabelled: 1 });
  });

  it("a question still pending after every retry is stuck", () => {
    expect(score({ truth: { status: "pending", resolvedEvents: 0 }, ui: { kind: "pending", notSent: true, message: "" } })).toEqual({ ...none, stuck: 1 });
  });

  it("async answers: one reply and Answer sent is right; two replies duplicate; Answer sent with none is lost", () => {
    const asyncEp = { fault: "async-reload-mid-send" as const, ownResolvers: [], truth: { status: "answered" as const, resolvedEvents: 1 } };
    expect(score({ ...asyncEp, asyncDelivery: { replies: 1, status: "Answer sent" } })).toEqual(none);
    expect(score({ ...asyncEp, asyncDelivery: { replies: 2, status: "Answer sent" } })).toEqual({ ...none, duplicated: 1 });
    expect(score({ ...asyncEp, asyncDelivery: { replies: 0, status: "Answer sent" } })).toEqual({ ...none, lost: 1 });
  });

  it("totals count blocking and async episodes apart, with the async answers sent and saved once", () => {
    const asyncEp = { ...base, fault: "async-socket-drop" as const, ownResolvers: [], ui: { kind: "summary" as const, label: "answered", text: "Answer sent" } };
    const t = total([
      base,
      { ...asyncEp, asyncDelivery: { replies: 1, status: "Answer sent" } },
      { ...asyncEp, asyncDelivery: { replies: 2, status: "Answer sent" } },
    ]);
    expect(t.episodes).toEqual({ blocking: 1, async: 2 });
    expect(t.intended).toBe(1);
    expect(t.asyncAnswers).toEqual({ submitted: 2, sent: 2, savedOnce: 1 });
    expect(t.duplicated).toBe(1);
  });

  it("a later look flags a summary that turned into No answer for an answered question, and totals count it as mislabelled", () => {
    expect(auditLabel("no answer", base.truth, [ME])).toMatch(/gateway record says "answered"/);
    expect(auditLabel("no answer", { status: "cancelled", resolvedBy: "requester-inactive", resolvedEvents: 1 }, [ME])).toBeUndefined();
    expect(total([base], ["#1 later"]).mislabelled).toBe(1);
  });

  it("a later look accepts Unavailable only for a record a restart wiped, never for one the gateway still holds", () => {
    const wiped = { ...base.truth, fromLogBeforeRestart: true as const };
    expect(auditLabel("unavailable", wiped, [ME])).toBeUndefined();
    expect(auditLabel("unavailable", base.truth, [ME])).toMatch(/gateway record says "answered"/);
    expect(auditLabel("answered elsewhere", wiped, [ME])).toMatch(/gateway record says "answered"/);
  });

  it("the same seed draws the same numbers", () => {
    const a = createRng(42);
    const b = createRng(42);
    expect(Array.from({ length: 5 }, () => a.int(0, 1000))).toEqual(Array.from({ length: 5 }, () => b.int(0, 1000)));
  });
});
