import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { hashString } from '../rng';

const COLORS = ['#0a66c2', '#057642', '#915907', '#b24020', '#5f3c98', '#3f6a7d', '#8f5849', '#2d6a4f'];

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Profile pictures: an SVG with the person's initials, so the app works without reaching media.licdn.com. */
export const registerMedia = (app: FastifyInstance, ctx: SandboxContext): void => {
  let owners: Map<string, string> | null = null;
  const initialsOf = (pictureId: string): string | undefined => {
    if (!owners) {
      owners = new Map();
      for (const p of ctx.network.people)
        if (p.pictureId) owners.set(p.pictureId, `${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`);
    }
    const known = owners.get(pictureId);
    if (known) return known;
    // People made up from profile addresses join the network after the cache was built.
    for (const p of ctx.network.people.slice(ctx.network.generatedSize))
      if (p.pictureId === pictureId) return `${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`;
    for (const m of ctx.members.values()) {
      if (m.profile.pictureId === pictureId)
        return `${m.profile.firstName[0] ?? ''}${m.profile.lastName[0] ?? ''}`;
    }
    return undefined;
  };
  app.get('/dms/image/v2/:pictureId/*', (req, reply) => {
    const { pictureId } = req.params as { pictureId: string };
    const initials = initialsOf(pictureId);
    if (!initials) return reply.code(404).send();
    const color = COLORS[hashString(pictureId) % COLORS.length] ?? '#0a66c2';
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${color}"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="40" fill="#fff">${escapeXml(initials)}</text></svg>`,
      );
  });
};
