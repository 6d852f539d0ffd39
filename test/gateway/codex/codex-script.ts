// The scripts the stand-in app-server (fake-app-server.mjs) plays, written as files it reads at each turn.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One step of a scripted Codex turn. */
export type CodexStep =
  /** An assistant message; `final_answer` unless a phase is given. */
  | { say: string; phase?: 'commentary' | 'final_answer' }
  /** An async question item (`delivery: "async"`), with its own item id when given. */
  | { ask: { title: string; options?: string[] }[]; itemId?: string; text?: string }
  | { waitMs: number }
  /** Waits until `release(key)` is called (or the turn is interrupted). */
  | { waitFor: string }
  /** Runs until interrupted (`chat.abort`). */
  | { hang: true }
  /** A turn error that will not be retried: the turn fails. */
  | { fail: string };

/** Writes and releases the stand-in app-server's turn scripts. */
export interface CodexScripts {
  /** The turn whose message contains `key` plays `steps` (the longest matching key wins). */
  script(key: string, steps: CodexStep[]): void;
  /** Lets a turn waiting on `{ waitFor: key }` go on. */
  release(key: string): void;
  /** Every request the app-server got so far, in order. */
  requests(): { method: string; params?: unknown }[];
  /** Where the scripts live. */
  dir: string;
}

/** The scripts of one stand-in app-server, in `dir`. */
export function codexScripts(dir: string): CodexScripts {
  const fileOf = (key: string, ext: string) => {
    if (!/^[\w.-]+$/.test(key)) throw new Error(`a script key is a word of letters, digits, . _ and -: ${JSON.stringify(key)}`);
    return join(dir, `${key}.${ext}`);
  };
  return {
    dir,
    script(key, steps) {
      const release = fileOf(key, 'release');
      if (existsSync(release)) rmSync(release);
      writeFileSync(fileOf(key, 'json'), JSON.stringify({ steps }));
    },
    release(key) {
      writeFileSync(fileOf(key, 'release'), '');
    },
    requests() {
      const log = join(dir, 'requests.jsonl');
      if (!existsSync(log)) return [];
      return readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { method: string; params?: unknown });
    },
  };
}
