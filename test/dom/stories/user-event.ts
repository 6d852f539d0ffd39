// The stories project's `@testing-library/user-event` (vitest.config.ts points it here): Storybook's own copy, the one
// the plays use. Each copy wraps the `value` of every field focused on a page it has touched, and React hears typing
// only from the copy that wrapped last; with two copies, a test's typed words would be lost whenever an earlier file
// on the shared page used user-event before a play did.
export { uninstrumentedUserEvent as default, uninstrumentedUserEvent as userEvent } from "storybook/test";
