/** What a transport reports to its client. */
export interface TransportHandlers {
  onOpen(): void;
  onMessage(text: string): void;
  /** Called once per transport, whether the close was clean, an error, or ours. */
  onClose(info: { code: number; reason: string }): void;
}

/** One live connection carrying text frames; the client makes a new one per (re)connect. */
export interface Transport {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** Opens a connection to a gateway URL; the WebSocket transport and the simulated gateway both provide one. */
export type TransportFactory = (url: string, handlers: TransportHandlers) => Transport;
