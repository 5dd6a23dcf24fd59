// Fair dice: how a game's generator key is made from seeds nobody alone chooses, and how anyone
// checks that the server kept to it. The service draws a secret seed when a game is created and
// publishes its commitment (the SHA-256 of its 32 bytes) at once; each player adds a seed of their
// own (public from the start); when the game starts, the generator (random.ts) is keyed by the
// SHA-256 of the server's seed followed by the players' seeds in the module's role order (a role
// the game's bot plays has none). When the game ends the server's seed is published, and the
// record (src/engine/record.ts) replays. The service, `npm run check-record` and the web page's
// verifier all use this one module (pure; @noble/hashes is audited, dependency-free JS).

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** A seed as the API carries it: 32 bytes as 64 lower-case hex digits. */
export const SEED_HEX = /^[0-9a-f]{64}$/;

export function isSeedHex(x: unknown): x is string {
  return typeof x === 'string' && SEED_HEX.test(x);
}

function bytesOf(hex: string, what: string): Uint8Array {
  if (!isSeedHex(hex)) throw new Error(`${what} is not 64 lower-case hexadecimal digits.`);
  return hexToBytes(hex);
}

/** The commitment to the server's seed: SHA-256 of its 32 bytes, 64 lower-case hex digits. */
export function seedCommitment(serverSeed: string): string {
  return bytesToHex(sha256(bytesOf(serverSeed, 'The seed')));
}

/**
 * The generator's key of a game (the seed its module's setup takes): SHA-256 over the server's
 * seed's 32 bytes followed by each player's seed's 32 bytes, in `roles` order (the module's roles
 * without the bot's, if a bot plays one). 64 lower-case hex digits.
 */
export function diceKey(serverSeed: string, roles: readonly string[], playerSeeds: Readonly<Record<string, string>>): string {
  const parts = [bytesOf(serverSeed, 'The seed')];
  for (const role of roles) {
    const seed = playerSeeds[role];
    if (seed === undefined) throw new Error(`No seed for ${role}.`);
    parts.push(bytesOf(seed, `${role}'s seed`));
  }
  const all = new Uint8Array(32 * parts.length);
  parts.forEach((p, i) => all.set(p, 32 * i));
  return bytesToHex(sha256(all));
}

/** The roles whose players add a seed: the module's roles in order, but the one its bot plays. */
export function seededRoles(roles: readonly string[], botRole: string | null): string[] {
  return roles.filter((r) => r !== botRole);
}
