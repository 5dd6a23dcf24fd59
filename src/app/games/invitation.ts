// What an invite link says to whoever holds it, signed in or not: the game, who invites, and the
// side they would take. The link's code is the secret that lets its holder join the private game;
// with it, the game's title and its creator's display name are theirs to read before they sign
// up. Without it (or once the game started), nothing: the same 404 as for no game at all.
import { createHash, timingSafeEqual } from 'node:crypto';
import { findGameSummary } from '../../store/games.js';
import type { ServiceContext } from '../context.js';
import { notFound } from './change/checks.js';
import { moduleOf } from './present.js';

export interface Invitation {
  id: string;
  number: number;
  game: string;
  title: string;
  invitedBy: string;
  /** The side the invited player would take (the open seat). */
  role: string;
  daysPerMove: number | null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function readInvitation(ctx: ServiceContext, gameId: string, code: string): Promise<Invitation> {
  const row = await findGameSummary(ctx.prisma, gameId);
  // Compared in constant time: the code is the game's only lock.
  const fits = row?.inviteCode != null && timingSafeEqual(digest(row.inviteCode), digest(code));
  if (!row || !fits || row.visibility !== 'private' || row.status !== 'open') throw notFound();
  const m = moduleOf(row);
  const creator = row.players.find((p) => p.userId === row.createdById) ?? row.players[0];
  const taken = new Set(row.players.map((p) => p.role));
  const role = m.roles.find((r) => !taken.has(r));
  if (!creator || !role) throw notFound();
  return { id: row.id, number: row.number, game: m.id, title: m.title, invitedBy: creator.user.displayName, role, daysPerMove: row.daysPerMove };
}
