import type { ReactNode } from "react";
import { useDockStore } from "../src";
import type { PlaygroundConnection } from "./connect";
import { NotificationsButton } from "./NotificationsButton";
import { ThemeToggle } from "./ThemeToggle";

/** Props of `Header`. */
export interface HeaderProps {
  target: PlaygroundConnection["target"];
  /** The session picker. */
  picker: ReactNode;
}

const STATE_WORDS = { connecting: "Connecting…", connected: "Connected", reconnecting: "Reconnecting…", offline: "Offline" } as const;

function targetName(target: HeaderProps["target"]): string {
  if (target.kind === "simulated") return "Simulated gateway";
  try {
    return `Gateway ${new URL(target.url).host}`;
  } catch {
    return "Gateway";
  }
}

/** The top bar: which gateway, its connection state (with the last error, as text), notifications and the theme switch. */
export function Header({ target, picker }: HeaderProps) {
  const connection = useDockStore((s) => s.connection);
  const version = connection.hello?.server.version;
  return (
    <header className="pg-header">
      <h1 className="pg-header__title">Question dock playground</h1>
      <p className="pg-header__target">{targetName(target)}</p>
      {picker}
      <p className="pg-connection" role="status" data-state={connection.state}>
        <span className="pg-connection__dot" aria-hidden="true" />
        {STATE_WORDS[connection.state]}
        {connection.state === "connected" && version ? ` (${version})` : ""}
        {connection.state !== "connected" && connection.lastError ? `: ${connection.lastError}` : ""}
      </p>
      <NotificationsButton />
      <ThemeToggle />
    </header>
  );
}
