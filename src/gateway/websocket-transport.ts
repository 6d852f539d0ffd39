import { errorMessage } from "../protocol/result";
import type { TransportFactory } from "./transport";

/** The part of a WebSocket this transport uses; both the browser's and the `ws` package's fit. */
export interface WebSocketLike {
  binaryType?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: unknown;
  onmessage: unknown;
  onclose: unknown;
  onerror: unknown;
}

/** A WebSocket class: `globalThis.WebSocket` in browsers, `ws` in Node. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

const decoder = /* @__PURE__ */ new TextDecoder();

/** Options of `createWebSocketTransport`. */
export interface WebSocketTransportOptions {
  /** Node only (`ws`): the Origin header, which the gateway requires of Control UI clients; browsers send their own. */
  origin?: string;
}

/** A transport over a real WebSocket; pass `ws` (and an origin) in Node, nothing in a browser. */
export function createWebSocketTransport(WebSocketImpl?: WebSocketConstructor, options: WebSocketTransportOptions = {}): TransportFactory {
  return (url, handlers) => {
    const Impl = WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    let closed = false;
    const finish = (code: number, reason: string) => {
      if (closed) return;
      closed = true;
      handlers.onClose({ code, reason });
    };
    let socket: WebSocketLike;
    try {
      if (!Impl) throw new Error("no WebSocket implementation is available; pass one to createWebSocketTransport");
      // Only `ws` takes an options object as its second argument; a browser would read it as subprotocols.
      socket = options.origin ? new (Impl as new (url: string, o: { origin: string }) => WebSocketLike)(url, { origin: options.origin }) : new Impl(url);
    } catch (error) {
      // Reported asynchronously, like a socket that failed to connect, so the client has one path for both.
      const reason = errorMessage(error);
      queueMicrotask(() => finish(1006, reason));
      return { send: () => {}, close: () => finish(1006, reason) };
    }
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      if (!closed) handlers.onOpen();
    };
    socket.onmessage = ({ data }: { data: unknown }) => {
      const text = typeof data === "string" ? data : data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? decoder.decode(data) : undefined;
      if (!closed && text !== undefined) handlers.onMessage(text);
    };
    socket.onclose = (event: { code?: number; reason?: string }) => finish(event.code ?? 1006, event.reason ?? "");
    // An error is always followed by a close event, which carries the code; nothing to do here.
    socket.onerror = () => {};
    return {
      send: (text) => socket.send(text),
      close: (code, reason) => {
        // Browsers only accept 1000 or 3000–4999 from a client, and at most 123 bytes of reason.
        let text = reason ?? "";
        while (new TextEncoder().encode(text).length > 123) text = text.slice(0, -1);
        try {
          socket.close(code === 1000 || (code !== undefined && code >= 3000 && code <= 4999) ? code : 1000, text);
        } catch {
          // Closing a socket that never opened can throw in some runtimes; the close event still follows.
        }
      },
    };
  };
}
