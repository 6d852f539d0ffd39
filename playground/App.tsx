/** The playground page: a Control UI look-alike (transcript, dock, composer) on a simulated or real gateway. */
export function App() {
  return (
    <main>
      <h1>Question dock playground</h1>
    </main>
  );
}
