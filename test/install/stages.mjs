// Times named stages and prints one summary line each; a failed stage is recorded, not thrown past the summary.

/** A recorder of stage results: `stage(name, fn)` runs and times `fn`, `summary()` prints them and says if all passed. */
export function createStages() {
  const results = [];
  const started = performance.now();

  async function stage(name, fn) {
    const t0 = performance.now();
    console.log(`[install] ${name} …`);
    try {
      const note = await fn();
      results.push({ name, ok: true, ms: performance.now() - t0, note });
      console.log(`[install] ${name} ok (${seconds(performance.now() - t0)})${note ? `: ${note}` : ""}`);
      return true;
    } catch (error) {
      results.push({ name, ok: false, ms: performance.now() - t0, note: firstLine(error) });
      console.error(`[install] ${name} FAILED (${seconds(performance.now() - t0)})\n${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  function skip(name, why) {
    results.push({ name, ok: true, skipped: true, ms: 0, note: why });
    console.log(`[install] ${name} skipped: ${why}`);
  }

  function summary() {
    console.log("\n[install] summary");
    // Stages of one group ("react 19: …") run interleaved with others; list them together, groups in first-seen order.
    const groups = [...new Set(results.map(group))];
    const ordered = [...results].sort((a, b) => groups.indexOf(group(a)) - groups.indexOf(group(b)));
    for (const r of ordered) {
      const status = r.skipped ? "SKIP" : r.ok ? "PASS" : "FAIL";
      console.log(`  ${status}  ${r.name.padEnd(34)} ${seconds(r.ms).padStart(7)}${r.note ? `  ${r.note}` : ""}`);
    }
    const failed = results.filter((r) => !r.ok).length;
    const passed = results.filter((r) => r.ok && !r.skipped).length;
    const skipped = results.filter((r) => r.skipped).length;
    console.log(`[install] total ${seconds(performance.now() - started)}`);
    // The plain closing line CI reads.
    console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
    return failed === 0;
  }

  return { stage, skip, summary };
}

function group(result) {
  return result.name.split(":")[0];
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)}s`;
}

function firstLine(error) {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 160);
}
