// The seed a player adds to a game's dice (issue 29, "Dice anyone can verify"): 32 bytes drawn in
// this browser, sent when creating or joining a game. The server keys the game's generator with
// the SHA-256 of its own committed seed and both players' seeds, so neither it nor the opponent
// alone picks the dice.

/** 32 random bytes from the browser's CSPRNG, as the 64 lower-case hex digits the API takes. */
export function playerSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
