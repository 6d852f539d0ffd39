// `#/question/<id>`: the standalone page of one question, as a question link opens it, on the same connection
// (simulated, or a real gateway with ?gateway=…&token=…). Any other address shows the chat.
import { useEffect, useState, type ReactNode } from "react";
import { QuestionPage } from "../src";
import type { PlaygroundConnection } from "./connect";

/** The question id a `#/question/<id>` address names, or undefined for any other address. */
export function questionIdOf(hash: string): string | undefined {
  const match = /^#\/question\/(.+)$/.exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    // A malformed escape is still some id; the gateway will say it does not know it.
    return match[1];
  }
}

function useHash(): string {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash);
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

/** The question page when the address names one, else `chat`. */
export function QuestionRoute({ connection, chat }: { connection: PlaygroundConnection; chat: ReactNode }) {
  const questionId = questionIdOf(useHash());
  if (questionId === undefined) return <>{chat}</>;
  return (
    <main className="pg-app pg-question">
      <p>
        <a href="#/">Back to the chat</a>
      </p>
      <QuestionPage key={questionId} client={connection.client} questionId={questionId} />
    </main>
  );
}
