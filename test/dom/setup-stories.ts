// Applies the Storybook preview (decorators, globals) to stories composed with composeStories in jsdom tests.
import { setProjectAnnotations } from "@storybook/react";
import { unmountElement } from "@storybook/react-dom-shim";
import { act } from "react";
import { afterEach, beforeAll } from "vitest";
import preview from "../../.storybook/preview";

const annotations = setProjectAnnotations([preview]);

beforeAll(annotations.beforeAll);

// A composed story's run() mounts into a React root of Storybook's own, which Testing Library's cleanup does not
// know. Unmounted after each test, so no story's timer (its expiry clock ticks each second) outlives the file's page.
afterEach(async () => {
  await act(async () => {
    for (const element of document.querySelectorAll("body *")) unmountElement(element);
  });
});
