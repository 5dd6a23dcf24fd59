// Playing: actions, sealed card plays, undo, resignation, time controls (claim a win on time, extend).
import type { FastifyPluginAsync } from 'fastify';
import type { Action } from '../../engine/index.js';
import { playCard, resign, submitAction, undo } from '../../app/games/play.js';
import { claimTimeout, extendTime } from '../../app/games/time-controls.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';
import { idempotencyKey, sendAnswer } from './answer.js';

type WithId = { id: string };

export const playRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'submitAction'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const body = request.body as { action: Action; version: number };
      return sendAnswer(reply, await submitAction(app.services, userOf(request), id, body, idempotencyKey(request)));
    },
  });

  app.route({
    ...operation(api, 'playCard'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const body = request.body as { card: string; version?: number };
      return sendAnswer(reply, await playCard(app.services, userOf(request), id, body, idempotencyKey(request)));
    },
  });

  app.route({
    ...operation(api, 'undoAction'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const body = (request.body ?? {}) as { version?: number };
      return sendAnswer(reply, await undo(app.services, userOf(request), id, body, idempotencyKey(request)));
    },
  });

  app.route({
    ...operation(api, 'resignGame'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const body = (request.body ?? {}) as { version?: number };
      return sendAnswer(reply, await resign(app.services, userOf(request), id, body, idempotencyKey(request)));
    },
  });

  app.route({
    ...operation(api, 'claimTimeout'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const body = (request.body ?? {}) as { version?: number };
      return sendAnswer(reply, await claimTimeout(app.services, userOf(request), id, body, idempotencyKey(request)));
    },
  });

  app.route({
    ...operation(api, 'extendTime'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const body = request.body as { days: number; version?: number };
      return sendAnswer(reply, await extendTime(app.services, userOf(request), id, body, idempotencyKey(request)));
    },
  });
};
