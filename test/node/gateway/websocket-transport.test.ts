import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import type { Transport, TransportHandlers } from "../../../src/gateway/transport";
import { createWebSocketTransport } from "../../../src/gateway/websocket-transport";
import { until } from "./until";

let server: WebSocketServer;
let url: string;
let serverSide: { socket?: WebSocket; origin?: string; received: string[]; closed?: { code: number; reason: string } };

function recorder() {
  const log: { opened: number; messages: string[]; closes: Array<{ code: number; reason: string }> } = { opened: 0, messages: [], closes: [] };
  const handlers: TransportHandlers = {
    onOpen: () => void (log.opened += 1),
    onMessage: (text) => void log.messages.push(text),
    onClose: (info) => void log.closes.push(info),
  };
  return { log, handlers };
}

beforeEach(async () => {
  serverSide = { received: [] };
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket, req) => {
    serverSide.socket = socket;
    serverSide.origin = req.headers.origin;
    socket.on("message", (data) => serverSide.received.push(String(data)));
    socket.on("close", (code, reason) => (serverSide.closed = { code, reason: String(reason) }));
  });
  await new Promise((resolve) => server.once("listening", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("createWebSocketTransport", () => {
  it("carries text both ways, sends the given Origin, and reports the server's close once", async () => {
    const { log, handlers } = recorder();
    const transport: Transport = createWebSocketTransport(WebSocket, { origin: "http://127.0.0.1:5199" })(url, handlers);
    await until(() => log.opened === 1 && serverSide.socket, "open");
    expect(serverSide.origin).toBe("http://127.0.0.1:5199");

    transport.send('{"type":"req"}');
    serverSide.socket!.send('{"type":"event"}');
    serverSide.socket!.send(Buffer.from('{"binary":true}'), { binary: true });
    await until(() => serverSide.received.length === 1 && log.messages.length === 2, "messages");
    expect(serverSide.received).toEqual(['{"type":"req"}']);
    expect(log.messages).toEqual(['{"type":"event"}', '{"binary":true}']);

    serverSide.socket!.close(1012, "service restart");
    await until(() => log.closes.length === 1, "close");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.closes).toEqual([{ code: 1012, reason: "service restart" }]);
  });

  it("closes with a code a browser would accept, even when asked for a reserved one", async () => {
    const { log, handlers } = recorder();
    const transport = createWebSocketTransport(WebSocket)(url, handlers);
    await until(() => log.opened === 1, "open");
    transport.close(1006, "x".repeat(300));
    await until(() => serverSide.closed, "server sees the close");
    expect(serverSide.closed!.code).toBe(1000);
    expect(new TextEncoder().encode(serverSide.closed!.reason).length).toBeLessThanOrEqual(123);
    await until(() => log.closes.length === 1, "client close");
  });

  it("reports a refused connection as one abnormal close", async () => {
    const { log, handlers } = recorder();
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    server = new WebSocketServer({ noServer: true });
    createWebSocketTransport(WebSocket)(`ws://127.0.0.1:${port}`, handlers);
    await until(() => log.closes.length === 1, "close");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual({ opened: 0, messages: [], closes: [{ code: 1006, reason: "" }] });
  });

  it("turns a URL the WebSocket refuses into an asynchronous close instead of a throw", async () => {
    const { log, handlers } = recorder();
    const transport = createWebSocketTransport(WebSocket)("not a url", handlers);
    expect(log.closes).toEqual([]);
    expect(() => transport.send("x")).not.toThrow();
    await until(() => log.closes.length === 1, "close");
    expect(log.closes[0]!.code).toBe(1006);
    expect(log.closes[0]!.reason).toMatch(/invalid url/i);
  });
});
