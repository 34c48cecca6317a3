import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type SandboxControl, SandboxControlError } from '../control';

const ZLiAt = z.object({ li_at: z.string().min(1) });
const ZPersonAction = ZLiAt.extend({ person: z.string().min(1), text: z.string().min(1).optional() });

type Handler = (req: FastifyRequest) => unknown;

const handle =
  (fn: Handler) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    try {
      const result = fn(req);
      return reply.send(result ?? { ok: true });
    } catch (e) {
      if (e instanceof z.ZodError) {
        return reply.code(400).send({
          error: 'bad_request',
          message: e.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        });
      }
      if (e instanceof SandboxControlError)
        return reply.code(e.status).send({ error: 'control_error', message: e.message });
      throw e;
    }
  };

/** The JSON control API under `/__sandbox/` (see the package README). */
export const registerControl = (app: FastifyInstance, control: SandboxControl): void => {
  const body = <T extends z.ZodType>(schema: T, req: FastifyRequest): z.infer<T> =>
    schema.parse(req.body ?? {});
  const query = <T extends z.ZodType>(schema: T, req: FastifyRequest): z.infer<T> =>
    schema.parse(req.query ?? {});

  app.get(
    '/__sandbox/info',
    handle(() => control.info()),
  );
  app.post(
    '/__sandbox/reset',
    handle(() => control.reset()),
  );
  app.post(
    '/__sandbox/sessions/expire',
    handle((req) => {
      const b = body(ZLiAt.extend({ mode: z.enum(['unauthorized', 'redirect', 'cleared']).optional() }), req);
      control.expireSession(b.li_at, b.mode);
    }),
  );
  app.post(
    '/__sandbox/sessions/renew',
    handle((req) => ({ li_at: control.renewSession(body(ZLiAt, req).li_at) })),
  );
  app.post(
    '/__sandbox/sessions/throttle',
    handle((req) => {
      const b = body(
        ZLiAt.extend({
          calls: z.number().int().min(1).max(10_000).optional(),
          status: z.union([z.literal(429), z.literal(999)]).optional(),
          retryAfterSeconds: z.number().int().min(0).nullable().optional(),
        }),
        req,
      );
      control.throttle(b.li_at, { calls: b.calls, status: b.status, retryAfterSeconds: b.retryAfterSeconds });
    }),
  );
  app.post(
    '/__sandbox/sessions/challenge',
    handle((req) => {
      const b = body(ZLiAt.extend({ mode: z.enum(['redirect', 'forbidden']).optional() }), req);
      control.challenge(b.li_at, b.mode);
    }),
  );
  app.post(
    '/__sandbox/sessions/resolve-challenge',
    handle((req) => control.resolveChallenge(body(ZLiAt, req).li_at)),
  );
  app.post(
    '/__sandbox/sessions/stall',
    handle((req) => {
      const b = body(
        ZLiAt.extend({
          calls: z.number().int().min(1).optional(),
          ms: z.number().int().min(0).max(600_000),
          path: z.string().min(1).optional(),
        }),
        req,
      );
      control.stall(b.li_at, { calls: b.calls, ms: b.ms, path: b.path });
    }),
  );
  app.post(
    '/__sandbox/members/notes',
    handle((req) => {
      const b = body(ZLiAt.extend({ allowed: z.boolean() }), req);
      control.setNotesAllowed(b.li_at, b.allowed);
    }),
  );
  app.get(
    '/__sandbox/members/state',
    handle((req) => control.memberState(query(ZLiAt, req).li_at)),
  );
  app.get(
    '/__sandbox/requests',
    handle((req) => control.requests(query(ZLiAt, req).li_at)),
  );
  app.post(
    '/__sandbox/people/accept',
    handle((req) => {
      const b = body(ZPersonAction, req);
      control.acceptNow(b.li_at, b.person);
    }),
  );
  app.post(
    '/__sandbox/people/reply',
    handle((req) => {
      const b = body(ZPersonAction, req);
      control.replyNow(b.li_at, b.person, b.text);
    }),
  );
  app.get(
    '/__sandbox/people',
    handle((req) => {
      const q = query(
        z.object({
          offset: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(5000).optional(),
          li_at: z.string().min(1).optional(),
        }),
        req,
      );
      return control.people({ offset: q.offset, limit: q.limit, liAt: q.li_at });
    }),
  );
  app.get(
    '/__sandbox/people/:ref',
    handle((req) => {
      const q = query(z.object({ li_at: z.string().min(1).optional() }), req);
      return control.person(decodeURIComponent((req.params as { ref: string }).ref), q.li_at);
    }),
  );
  app.post(
    '/__sandbox/clock/advance',
    handle((req) => {
      const b = body(z.object({ ms: z.number().min(0).optional(), days: z.number().min(0).optional() }), req);
      control.advanceTime((b.ms ?? 0) + (b.days ?? 0) * control.info().daySeconds * 1000);
      return control.info();
    }),
  );
};
