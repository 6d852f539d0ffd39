import { useState } from "react";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../src";
import { Composer } from "./Composer";
import type { PlaygroundConnection } from "./connect";
import { Header } from "./Header";
import { ScenarioBar } from "./ScenarioBar";
import { SessionPicker } from "./SessionPicker";
import { Transcript } from "./Transcript";

/** Props of `App`. */
export interface AppProps {
  connection: PlaygroundConnection;
}

// The picked session goes into the address, so a reload opens the same conversation.
function rememberSession(sessionKey: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set("session", sessionKey);
  window.history.replaceState(null, "", url);
}

/** The playground page: a Control UI look-alike (transcript, dock, composer) on a simulated or real gateway. */
export function App({ connection }: AppProps) {
  const [sessionKey, setSessionKey] = useState(connection.target.sessionKey);
  const session = connection.sessions.get(sessionKey);
  const pick = (key: string) => {
    setSessionKey(key);
    rememberSession(key);
  };
  return (
    // One store per session: it (and every draft in it) outlives the switch; only the chat views remount. The header
    // stays mounted, so the session picker keeps focus while a person arrows through the sessions.
    <QuestionDockProvider store={session.store}>
      <div className="pg-app">
        <Header target={connection.target} picker={<SessionPicker sessions={connection.sessions.keys()} value={sessionKey} onChange={pick} />} />
        {connection.sim && <ScenarioBar sim={connection.sim} sessionKey={sessionKey} />}
        <main key={sessionKey} className="pg-main">
          <DockLayout
            className="pg-layout"
            transcript={<Transcript feed={session.feed} />}
            dock={<QuestionDock titleCount notifications />}
            composer={<Composer feed={session.feed} />}
          />
        </main>
      </div>
    </QuestionDockProvider>
  );
}

/** Shown instead of the app when the query string names no usable gateway. */
export function InvalidTarget({ message }: { message: string }) {
  return (
    <main className="pg-app pg-invalid">
      <h1 className="pg-header__title">Question dock playground</h1>
      <p role="alert">{message}</p>
      <p>
        Open the page without parameters for the simulated gateway, or with <code>?gateway=ws://127.0.0.1:18789&amp;token=…&amp;session=main</code>.
      </p>
    </main>
  );
}
