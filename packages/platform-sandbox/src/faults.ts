import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A fault a test (or a person trying the app) injects: the next `times` requests matching the method
 * and path answer `status` with `body` (and `headers`) instead of the platform's normal answer, after
 * `delay_ms`. `after_handling: true` lets the platform do the work first and then answers the fault:
 * a time-out or 5xx after the platform accepted, the case a publisher must never blindly replay.
 */
export const ZFault = z.object({
  method: z.string().toUpperCase().optional(),
  /** Matched against the request's path (no query): exactly, or as a prefix when it ends with "*". */
  path: z.string().min(1),
  status: z.number().int().min(100).max(599).default(500),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).default({}),
  times: z.number().int().min(1).default(1),
  delay_ms: z.number().int().min(0).max(120_000).default(0),
  after_handling: z.boolean().default(false),
});
export type Fault = z.infer<typeof ZFault>;
export type FaultInput = z.input<typeof ZFault>;

export type FaultControl = {
  inject: (fault: FaultInput) => void;
  clear: () => void;
  /** Faults not yet used up. */
  pending: () => Fault[];
};

const pathOf = (url: string): string => url.split('?')[0] ?? url;

const matches = (fault: Fault, req: FastifyRequest): boolean => {
  if (fault.method && fault.method !== req.method) return false;
  const path = pathOf(req.url);
  return fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers the fault hooks and the control routes (POST /__sandbox/faults adds one, DELETE clears all,
 * GET lists the pending ones) and answers the in-process control.
 */
export const registerFaults = (app: FastifyInstance): FaultControl => {
  const faults: Fault[] = [];
  const taken = new WeakMap<FastifyRequest, Fault>();

  const take = (req: FastifyRequest): Fault | undefined => {
    if (pathOf(req.url).startsWith('/__sandbox/')) return undefined;
    const index = faults.findIndex((fault) => matches(fault, req));
    if (index < 0) return undefined;
    const fault = faults[index] as Fault;
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(index, 1);
    return fault;
  };

  const answer = async (reply: FastifyReply, fault: Fault) => {
    if (fault.delay_ms > 0) await sleep(fault.delay_ms);
    return reply
      .code(fault.status)
      .headers(fault.headers)
      .send(fault.body ?? { error: 'sandbox_fault', message: `Injected ${fault.status}` });
  };

  app.addHook('onRequest', async (req, reply) => {
    const fault = take(req);
    if (!fault) return;
    if (fault.after_handling) {
      taken.set(req, fault);
      return;
    }
    return answer(reply, fault);
  });
  // The platform did its work (the post exists); the client is told something else.
  app.addHook('onSend', async (req, reply, payload) => {
    const fault = taken.get(req);
    if (!fault) return payload;
    taken.delete(req);
    if (fault.delay_ms > 0) await sleep(fault.delay_ms);
    reply.code(fault.status).headers(fault.headers);
    return JSON.stringify(fault.body ?? { error: 'sandbox_fault', message: `Injected ${fault.status}` });
  });

  const control: FaultControl = {
    inject: (fault) => {
      faults.push(ZFault.parse(fault));
    },
    clear: () => {
      faults.length = 0;
    },
    pending: () => faults.map((fault) => ({ ...fault })),
  };

  app.post('/__sandbox/faults', async (req, reply) => {
    const parsed = ZFault.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'bad_fault', message: parsed.error.message });
    faults.push(parsed.data);
    return { pending: faults.length };
  });
  app.delete('/__sandbox/faults', async () => {
    control.clear();
    return { pending: 0 };
  });
  app.get('/__sandbox/faults', async () => ({ faults: control.pending() }));
  return control;
};
