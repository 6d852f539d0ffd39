// Applies the Storybook preview (decorators, globals) to stories composed with composeStories in jsdom tests.
import { setProjectAnnotations } from "@storybook/react";
import { beforeAll } from "vitest";
import preview from "../../.storybook/preview";

const annotations = setProjectAnnotations([preview]);

beforeAll(annotations.beforeAll);
