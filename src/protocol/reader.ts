import type { ValidationIssue } from "./result";

/** The value as a plain object (not null, not an array), or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * Reads fields out of an unknown value while collecting every problem, so a validator
 * reports all of them at once instead of throwing at the first.
 */
export class Reader {
  readonly issues: ValidationIssue[] = [];

  /** Joins a child key onto a path: `questions` + 0 → `questions[0]`, `a` + `b` → `a.b`. */
  at(path: string, key: string | number): string {
    if (typeof key === "number") return `${path}[${key}]`;
    return path ? `${path}.${key}` : key;
  }

  fail(path: string, message: string): undefined {
    this.issues.push({ path, message });
    return undefined;
  }

  object(value: unknown, path: string): Record<string, unknown> | undefined {
    return asObject(value) ?? this.fail(path, `must be an object, got ${describe(value)}`);
  }

  array(value: unknown, path: string): unknown[] | undefined {
    if (Array.isArray(value)) return value;
    return this.fail(path, `must be an array, got ${describe(value)}`);
  }

  string(value: unknown, path: string, opts: { nonEmpty?: boolean } = {}): string | undefined {
    if (typeof value !== "string") return this.fail(path, `must be a string, got ${describe(value)}`);
    if (opts.nonEmpty && value.trim() === "") return this.fail(path, "must not be empty");
    return value;
  }

  optionalString(value: unknown, path: string): string | undefined {
    return value === undefined || value === null ? undefined : this.string(value, path);
  }

  boolean(value: unknown, path: string): boolean | undefined {
    if (typeof value === "boolean") return value;
    return this.fail(path, `must be true or false, got ${describe(value)}`);
  }

  optionalBoolean(value: unknown, path: string): boolean | undefined {
    return value === undefined || value === null ? undefined : this.boolean(value, path);
  }

  number(value: unknown, path: string): number | undefined {
    if (typeof value === "number" && Number.isFinite(value)) return value;
    return this.fail(path, `must be a finite number, got ${describe(value)}`);
  }

  optionalNumber(value: unknown, path: string): number | undefined {
    return value === undefined || value === null ? undefined : this.number(value, path);
  }

  oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T | undefined {
    if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
    return this.fail(path, `must be one of ${allowed.join(", ")}, got ${describe(value)}`);
  }
}

/** A short, safe description of a value for error messages; never echoes long untrusted text. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length > 24 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === "object") return "an object";
  return String(value);
}
