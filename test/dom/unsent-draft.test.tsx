import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UnsentDraft } from "../../src/components/UnsentDraft";
import { idTable } from "../../src/protocol/id-table";
import type { QuestionRecord } from "../../src/protocol";

const record: QuestionRecord = {
  id: "r1",
  questions: [{ questionId: "target", header: "Deploy", question: "Where should this deploy?", options: [], isOther: true }],
  createdAtMs: 0,
  expiresAtMs: 1,
  status: "pending",
};
const unsent = idTable([["target", { selected: [], other: "Canary first" }]]);

describe("What the person had typed when the question went away", () => {
  it("says it was not sent when nothing left", () => {
    render(<UnsentDraft record={record} unsent={unsent} />);
    expect(screen.getByText("Your answer was not sent:")).toBeInTheDocument();
    expect(screen.getByText("Canary first")).toBeInTheDocument();
  });

  it("says it may not have arrived when it left and its reply was cut off", () => {
    render(<UnsentDraft record={record} unsent={unsent} mayHaveArrived />);
    expect(screen.getByText("Your answer may not have arrived:")).toBeInTheDocument();
    expect(screen.queryByText("Your answer was not sent:")).not.toBeInTheDocument();
  });
});
