// What the web bundle has in place of each game's computer knowledge (src/engine/<game>/computer/
// knowledge.ts; web/vite.config.ts swaps it in): the browser never runs the computer opponent, which
// plays on the server's search threads, so the definitions the record checker imports carry none.
export function computerKnowledge(): undefined {
  return undefined;
}
