import { DockLayout, QuestionDock, QuestionDockProvider } from "../src/components";
import type { ChatFeed } from "./chat-feed";
import { Composer } from "./Composer";
import type { PlaygroundConnection } from "./connect";
import { Header } from "./Header";
import { ScenarioBar } from "./ScenarioBar";
import { Transcript } from "./Transcript";

/** Props of `App`. */
export interface AppProps {
  connection: PlaygroundConnection;
  feed: ChatFeed;
}

/** The playground page: a Control UI look-alike (transcript, dock, composer) on a simulated or real gateway. */
export function App({ connection, feed }: AppProps) {
  return (
    <QuestionDockProvider store={connection.store}>
      <div className="pg-app">
        <Header target={connection.target} />
        {connection.sim && <ScenarioBar sim={connection.sim} />}
        <main className="pg-main">
          <DockLayout className="pg-layout" transcript={<Transcript feed={feed} />} dock={<QuestionDock />} composer={<Composer feed={feed} />} />
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
