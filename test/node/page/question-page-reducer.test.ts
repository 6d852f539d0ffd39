// The question page's one writer: what each event does to the page's state, with no gateway in sight.
import { describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import type { QuestionRecord } from "../../../src/protocol";
import type { DockStore } from "../../../src/store";
import { LOADING_PAGE, questionPageReducer, type QuestionPageData } from "../../../src/store/page/question-page-store";
import { TARGET } from "../../support/questions";

const record: QuestionRecord = { id: "q1", questions: [TARGET], sessionKey: "main", createdAtMs: 1_000, expiresAtMs: 61_000, status: "pending" };
const dockStore = {} as StoreApi<DockStore>;
const failed: QuestionPageData = { phase: "error", error: "question.get failed", record, store: dockStore, busy: false };

describe("questionPageReducer", () => {
  it("marks a read under way, and changes nothing when one already is", () => {
    expect(questionPageReducer(failed, { type: "readStarted" })).toEqual({ ...failed, busy: true });
    expect(questionPageReducer(LOADING_PAGE, { type: "readStarted" })).toBe(LOADING_PAGE);
  });

  it("shows a pending question with its dock store, dropping an earlier failure", () => {
    expect(questionPageReducer(failed, { type: "questionPending", record, store: dockStore })).toEqual({ phase: "ready", record, store: dockStore, busy: false });
  });

  it("keeps the record and dock store when a read fails", () => {
    const ready: QuestionPageData = { phase: "ready", record, store: dockStore, busy: true };
    expect(questionPageReducer(ready, { type: "readFailed", error: "offline" })).toEqual({ phase: "error", error: "offline", record, store: dockStore, busy: false });
  });

  it("builds the ending a read reports, keeping the dock store", () => {
    const expired = { ...record, status: "expired" as const };
    const next = questionPageReducer(failed, { type: "questionEnded", record: expired, kind: "expired", at: 70_000 });
    expect(next).toEqual({ phase: "ready", record: expired, store: dockStore, ended: { kind: "expired", record: expired, at: 70_000 }, busy: false });
  });

  it("ends a question the gateway lost as Unavailable with the unsent text, and with no ending when it was never read", () => {
    const unsent = { [TARGET.questionId]: { selected: [], other: "hotfix" } };
    const gone = questionPageReducer(failed, { type: "questionGone", at: 80_000, unsent });
    expect(gone).toEqual({ phase: "gone", record, store: dockStore, ended: { kind: "unavailable", record, at: 80_000, unsent }, busy: false });
    expect(questionPageReducer(LOADING_PAGE, { type: "questionGone", at: 80_000 })).toEqual({ phase: "gone", busy: false });
  });
});
