import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "../src/styles/question-dock.css";
import "./playground.css";
import { App, InvalidTarget } from "./App";
import { connect, readTarget } from "./connect";
import { QuestionRoute } from "./QuestionRoute";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The connection lives for the page, outside React, so StrictMode's double effects cannot open it twice.
const target = readTarget(window.location.search);
const root = createRoot(container);
if (target.kind === "invalid") {
  root.render(<InvalidTarget message={target.message} />);
} else {
  const connection = connect(target);
  connection.client.start();
  root.render(
    <StrictMode>
      <QuestionRoute connection={connection} chat={<App connection={connection} />} />
    </StrictMode>,
  );
}
