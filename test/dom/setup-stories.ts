// Applies the Storybook preview (decorators, globals) to stories composed with composeStories in jsdom tests.
import { setProjectAnnotations } from "@storybook/react";
import { configure } from "storybook/test";
import { beforeAll } from "vitest";
import preview from "../../.storybook/preview";
import { WAIT_LIMIT_MS } from "../support/wait-limits";

// The plays' findBy… come from Storybook's own copy of Testing Library, with its own one-second default.
configure({ asyncUtilTimeout: WAIT_LIMIT_MS });

const annotations = setProjectAnnotations([preview]);

beforeAll(annotations.beforeAll);
