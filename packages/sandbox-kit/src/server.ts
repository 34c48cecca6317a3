import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** A sandbox's address for `host` (an IPv6 one in brackets) and `port`. */
export const sandboxUrl = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

export type SandboxServerOptions = {
  /** The largest request body (a platform's upload limit, so a client learns it against the sandbox). */
  bodyLimit: number;
  /**
   * Answers an error the platform's own way for some paths (LinkedIn's Voyager errors); undefined leaves it
   * to the sandbox's answer.
   */
  platformError?: (req: FastifyRequest, reply: FastifyReply, status: number) => FastifyReply | undefined;
};

/**
 * The Fastify server every sandbox's routes register on: no log (a test's output stays its own), trailing
 * slashes ignored as the platforms do, and an error a route throws answered as JSON with its status (500
 * hides the message: a sandbox's bug is no platform's answer).
 */
export const sandboxServer = ({ bodyLimit, platformError }: SandboxServerOptions): FastifyInstance => {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true }, bodyLimit });
  app.setErrorHandler((error: { statusCode?: unknown; message?: unknown }, req, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    const answered = platformError?.(req, reply, status);
    if (answered) return answered;
    const message = status === 500 || typeof error.message !== 'string' ? 'Internal error' : error.message;
    return reply.code(status).send({ error: 'sandbox_error', message });
  });
  return app;
};

/**
 * `control` with `after` run after each of its calls: a control call made in process changes the world as
 * one over HTTP does, so the world store hears of both.
 */
export const afterEachCall = <T extends object>(control: T, after: () => void): T =>
  new Proxy(control, {
    get: (target, key, receiver) => {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        after();
        return result;
      };
    },
  });
