import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "../src/styles/question-dock.css";
import { App } from "./App";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
