import type { Server } from "node:http";

/** Starts serving `dir` on 127.0.0.1:`port` (0 for any free port); resolves once listening. */
export function serveStatic(dir: string, port: number): Promise<Server>;
