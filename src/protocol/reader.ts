import { MAX_OPTIONS } from "./ask-user";
import type { Validated, ValidationIssue } from "./result";

/** Longest object key echoed in an issue path, in UTF-16 units; longer keys end in "…". @default 64 */
export const ISSUE_KEY_MAX = 64;
/** Longest issue path kept, in UTF-16 units. @default 256 */
export const ISSUE_PATH_MAX = 256;
/** Most issues one validation lists; the rest are summed up in one last issue. @default 50 */
export const ISSUE_LIMIT = 50;

/** Cuts text to `max` UTF-16 units ending in "…", never leaving half a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A copy of `value` without its undefined fields: an optional field is absent, never present and undefined. */
export function compact<T extends object>(value: T): T {
  const kept: Partial<T> = {};
  for (const key in value) if (value[key] !== undefined) kept[key] = value[key];
  return kept as T;
}

/** What `read` makes of each item, without the unreadable ones: the list itself when every item came back as it was. */
export function readEach<T>(list: readonly unknown[], read: (item: unknown, i: number) => T | undefined): T[] {
  let made: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const item = read(list[i], i);
    if (!made && item !== list[i]) made = list.slice(0, i) as T[];
    if (made && item !== undefined) made.push(item);
  }
  return made ?? (list as T[]);
}

/** `compact(fields)`, or `o` itself when it is that already (a plain object of exactly those keys and values), as gateway payloads are. */
export function readAs<T extends object>(o: object, fields: T): T {
  let count = 0;
  for (const key in fields) {
    if (fields[key] === undefined) continue;
    if ((o as T)[key] !== fields[key]) return compact(fields);
    count++;
  }
  for (const _ in o) count--;
  return count === 0 && Object.getPrototypeOf(o) === Object.prototype ? (o as T) : compact(fields);
}

/** True when two of the first MAX_OPTIONS items share `key`'s value (a longer list is refused anyway), pairwise: no Set. */
export function repeats<T>(list: readonly T[], key: keyof T): boolean {
  for (let i = 1; i < Math.min(list.length, MAX_OPTIONS); i++) {
    for (let j = 0; j < i; j++) if (list[i]![key] === list[j]![key]) return true;
  }
  return false;
}

/** The value if a non-empty string, or undefined. */
export const asString = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
/** The value if a finite number, or undefined. */
export const asNumber = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** The value as a plain object (not null, not an array), or undefined. */
export const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Reads fields of an unknown value, collecting every problem instead of throwing at the first; at no path without `paths`. */
export class Reader {
  readonly issues: ValidationIssue[] = [];
  private unlisted = 0;

  constructor(private readonly paths = true) {}

  /** Joins a child key onto a path: `questions` + 0 → `questions[0]`, `a` + `b` → `a.b`. */
  at(path: string, key: string | number): string {
    if (!this.paths) return "";
    if (typeof key === "number") return `${path}[${key}]`;
    // Keys come from untrusted objects; a megabyte-long key must not be echoed into every issue below it.
    const shown = clip(key, ISSUE_KEY_MAX);
    return path ? `${path}.${shown}` : shown;
  }

  /** Records a problem; paths and messages (to 512 units) are clipped, and past `ISSUE_LIMIT` only a count of the rest is kept. */
  fail(path: string, message: string): undefined {
    if (this.issues.length < ISSUE_LIMIT) {
      this.issues.push({ path: clip(path, ISSUE_PATH_MAX), message: clip(message, 512) });
      return undefined;
    }
    this.unlisted += 1;
    this.issues[ISSUE_LIMIT] = { path: "", message: `and ${this.unlisted} more ${this.unlisted === 1 ? "problem" : "problems"}` };
    return undefined;
  }

  object(value: unknown, path: string): Record<string, unknown> | undefined {
    return asObject(value) ?? this.fail(path, `must be an object, got ${describe(value)}`);
  }

  array(value: unknown, path: string): unknown[] | undefined {
    return Array.isArray(value) ? value : this.fail(path, `must be an array, got ${describe(value)}`);
  }

  /** Reads a string; "nonEmpty" refuses blank text, "optional" reads undefined and null as absent. */
  string(value: unknown, path: string, mode?: "nonEmpty" | "optional"): string | undefined {
    if (mode === "optional" && (value === undefined || value === null)) return undefined;
    if (typeof value !== "string") return this.fail(path, `must be a string, got ${describe(value)}`);
    if (mode === "nonEmpty" && value.trim() === "") return this.fail(path, "must not be empty");
    return value;
  }

  /** Reads true or false; "optional" reads undefined and null as absent. */
  boolean(value: unknown, path: string, mode?: "optional"): boolean | undefined {
    if (mode === "optional" && (value === undefined || value === null)) return undefined;
    return typeof value === "boolean" ? value : this.fail(path, `must be true or false, got ${describe(value)}`);
  }

  number(value: unknown, path: string): number | undefined {
    return asNumber(value) ?? this.fail(path, `must be a finite number, got ${describe(value)}`);
  }

  oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T | undefined {
    if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
    return this.fail(path, `must be one of ${allowed.join(", ")}, got ${describe(value)}`);
  }
}

/** Validates `input` with `read`; only an invalid input is read again, to build the paths its issues name. */
export function readValid<T>(input: unknown, read: (r: Reader) => Validated<T>): Validated<T> {
  const first = read(new Reader(false));
  return first.ok ? first : read(new Reader());
}

/** A short, safe description of a value for error messages; never echoes long untrusted text. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length > 24 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === "object") return "an object";
  return String(value);
}
