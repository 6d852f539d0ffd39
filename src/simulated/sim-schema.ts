// A tiny schema checker whose messages read like the gateway's own param errors
// (`at /questions/0/header: must NOT have more than 12 characters`), so a client
// tested here sees the same wording as against the real server.

/** Checks one value at a JSON-pointer path, pushing problems onto `out`. */
export type Check = (value: unknown, path: string, out: string[]) => void;

type Field = Check & { optional?: true };

function at(path: string): string {
  return path ? `at ${path}: ` : "";
}

/** Marks an object field as optional; `undefined` then passes. */
export function optional(check: Check): Field {
  const field: Field = (value, path, out) => {
    if (value !== undefined) check(value, path, out);
  };
  field.optional = true;
  return field;
}

/** A string, optionally non-empty, bounded or matching a pattern. */
export function str(opts: { minLength?: number; maxLength?: number; pattern?: RegExp } = {}): Check {
  return (value, path, out) => {
    if (typeof value !== "string") return void out.push(`${at(path)}must be string`);
    const length = Array.from(value).length;
    if (opts.minLength !== undefined && length < opts.minLength) out.push(`${at(path)}must NOT have fewer than ${opts.minLength} characters`);
    if (opts.maxLength !== undefined && length > opts.maxLength) out.push(`${at(path)}must NOT have more than ${opts.maxLength} characters`);
    if (opts.pattern && !opts.pattern.test(value)) out.push(`${at(path)}must match pattern "${opts.pattern.source}"`);
  };
}

/** A non-empty string, the gateway's most common field type. */
export const nonEmpty: Check = str({ minLength: 1 });

/** An integer with an optional lower bound. */
export function int(opts: { minimum?: number } = {}): Check {
  return (value, path, out) => {
    if (typeof value !== "number" || !Number.isInteger(value)) return void out.push(`${at(path)}must be integer`);
    if (opts.minimum !== undefined && value < opts.minimum) out.push(`${at(path)}must be >= ${opts.minimum}`);
  };
}

/** A boolean. */
export const bool: Check = (value, path, out) => {
  if (typeof value !== "boolean") out.push(`${at(path)}must be boolean`);
};

/** Exactly one value. */
export function literal(expected: string | number | boolean): Check {
  return (value, path, out) => {
    if (value !== expected) out.push(`${at(path)}must be equal to constant`);
  };
}

/** One of a fixed set of strings. */
export function oneOf(allowed: readonly string[]): Check {
  return (value, path, out) => {
    if (typeof value !== "string" || !allowed.includes(value)) out.push(`${at(path)}must be equal to one of the allowed values`);
  };
}

/** Anything at all. */
export const any: Check = () => {};

/** An array of items, optionally bounded in length. */
export function arr(item: Check, opts: { minItems?: number; maxItems?: number } = {}): Check {
  return (value, path, out) => {
    if (!Array.isArray(value)) return void out.push(`${at(path)}must be array`);
    if (opts.minItems !== undefined && value.length < opts.minItems) out.push(`${at(path)}must NOT have fewer than ${opts.minItems} items`);
    if (opts.maxItems !== undefined && value.length > opts.maxItems) out.push(`${at(path)}must NOT have more than ${opts.maxItems} items`);
    value.forEach((v, i) => item(v, `${path}/${i}`, out));
  };
}

/** A string-keyed map whose keys match a pattern and whose values pass `item`. */
export function record(key: RegExp, item: Check): Check {
  return (value, path, out) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return void out.push(`${at(path)}must be object`);
    for (const [k, v] of Object.entries(value)) {
      if (!key.test(k)) out.push(`${at(path)}property name must be valid`);
      item(v, `${path}/${k}`, out);
    }
  };
}

/** A closed object: every listed field checked, required ones present, unknown ones refused. */
export function obj(fields: Record<string, Field>): Check {
  return (value, path, out) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return void out.push(`${at(path)}must be object`);
    const o = value as Record<string, unknown>;
    for (const [name, check] of Object.entries(fields)) {
      if (o[name] === undefined && !check.optional) out.push(`${at(path)}must have required property '${name}'`);
      else check(o[name], `${path}/${name}`, out);
    }
    for (const name of Object.keys(o)) {
      if (!(name in fields)) out.push(`${path ? `at ${path}` : "at root"}: unexpected property '${name}'`);
    }
  };
}

/** Runs a check; returns the joined problems, or undefined when the value passes. */
export function checkValue(check: Check, value: unknown): string | undefined {
  const out: string[] = [];
  check(value, "", out);
  return out.length ? [...new Set(out)].join("; ") : undefined;
}
