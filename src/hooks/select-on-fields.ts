import type { DockState } from "../store/dock/types";

/**
 * A selector that runs `select` again only when one of the state `fields` it reads is a different object, so a
 * store change that leaves them alone (a key, a draft, a tick) does not walk every pending request again.
 * `select` must read nothing but those fields.
 */
export function selectOnFields<K extends keyof DockState, R>(fields: readonly K[], select: (s: DockState) => R): (s: DockState) => R {
  let seen: unknown[] | undefined;
  let result: R;
  return (s) => {
    if (seen && fields.every((field, i) => s[field] === seen![i])) return result;
    seen = fields.map((field) => s[field]);
    result = select(s);
    return result;
  };
}
