// Runs a command without a shell and keeps its output, so a failing step can show what it printed.
import { spawn } from "node:child_process";

// Process groups still running; an interrupted run ends them, since they do not share the terminal's group.
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(130);
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/**
 * Runs `cmd args` in `cwd`; resolves with its stdout (with stderr too when `combined`), rejects with the tail of
 * all its output when it exits non-zero or outlives `timeoutMs`.
 */
export function run(cmd, args, { cwd, env, timeoutMs = 900_000, combined = false } = {}) {
  return new Promise((done, fail) => {
    // Its own process group, so a timeout ends what it started too (npm run spawns vite, vite spawns tsc).
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child.pid);
    let output = "";
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    // A stalled registry or a hung build must fail the run, not hold it forever; a slow machine or registry must not.
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs / 1000}s)`;
      killGroup(child.pid);
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      running.delete(child.pid);
      fail(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid);
      if (code === 0) done(combined ? output : stdout);
      else fail(new Error(`${cmd} ${args.join(" ")} (in ${cwd ?? process.cwd()}) exited with ${code ?? signal}:\n${tail(output)}`));
    });
  });
}

// The end of a long log is where the error is.
function tail(text, lines = 60) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
