#!/usr/bin/env node
// Why the store's outcomes are a MapLog (src/store/dock/map-log.ts) and not a plain Map: the state is never
// changed in place, so a plain Map would be copied on every settle. This times 5,000 settles onto 5,000 summaries,
// each a copy of the Map with one outcome more, as the store's reducer would make them: compare the figure with the
// budget of 50 ms per 10,000 events (5,000 settles among them) that the throughput suite holds the whole store to.
//
//   node bench/outcomes-as-plain-map.mjs
const SUMMARIES = 5_000;
const SETTLES = 5_000;
const RUNS = 3;

// The shape of an outcome the store keeps; what matters for a copy is the number of entries, not their size.
const outcome = (id, at) => ({ kind: "answered-elsewhere", record: { id, status: "answered" }, at });

for (let run = 1; run <= RUNS; run++) {
  let outcomes = new Map();
  for (let i = 0; i < SUMMARIES; i++) outcomes.set(`summary-${i}`, outcome(`summary-${i}`, i));
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < SETTLES; i++) outcomes = new Map(outcomes).set(`q-${i}`, outcome(`q-${i}`, SUMMARIES + i));
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - start;
  if (outcomes.size !== SUMMARIES + SETTLES) throw new Error(`${outcomes.size} outcomes, not ${SUMMARIES + SETTLES}`);
  console.log(`run ${run}: ${SETTLES.toLocaleString("en-US")} settles onto ${SUMMARIES.toLocaleString("en-US")} summaries, a plain Map copied per settle: ${Math.round((cpu.user + cpu.system) / 1000).toLocaleString("en-US")} ms CPU time, ${Math.round(wall).toLocaleString("en-US")} ms wall clock`);
}
