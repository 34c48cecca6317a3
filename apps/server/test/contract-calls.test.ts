import {
  CALLS,
  CALLS_BEFORE_THE_HOUSE_STYLE,
  HOUSE_STYLE,
  SPEC_CALLS,
  type TCall,
  type TCallName,
} from '@sales-assist/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness';

// The contract's table of calls (packages/contract/src/calls) is what the web app calls by; here it is held to
// what the server really registers: the same calls, methods, paths and schemas, one for one.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const calls = Object.entries(CALLS) as [TCallName, TCall][];

/** The API's routes as the server registered them (not the HEAD twins of GETs, the docs or the web app's files). */
const apiRoutes = (): RouteOptions[] =>
  h
    .routes()
    .filter(
      (route) =>
        route.method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );

const keyOf = (method: unknown, path: string) => `${String(method)} ${path}`;

describe('the contract names every call the server answers', () => {
  it('one call for each route and one route for each call, by method and path', () => {
    const routes = apiRoutes().map((route) => keyOf(route.method, route.url));
    const named = calls.map(([, call]) => keyOf(call.method, call.path));
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(named).size).toBe(named.length);
    expect([...routes].sort()).toEqual([...named].sort());
  });

  it('with the schemas the server checks and answers with', () => {
    const byKey = new Map(apiRoutes().map((route) => [keyOf(route.method, route.url), route]));
    const mismatches: string[] = [];
    for (const [name, call] of calls) {
      const route = byKey.get(keyOf(call.method, call.path));
      if (!route) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const answers = (schema.response ?? {}) as Record<string, unknown>;
      const expected: [string, unknown, unknown][] = [
        ['params', call.params, schema.params],
        ['query', call.query, schema.querystring],
        ['body', call.body, schema.body],
      ];
      if (typeof call.response !== 'string')
        expected.push(['response', call.response, answers[String(call.status ?? 200)]]);
      for (const [part, inContract, inServer] of expected)
        if (inContract !== inServer) mismatches.push(`${name}: ${part}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe("paths: the spec's as they are, every other call in the house style", () => {
  it('keeps every call the spec names', () => {
    for (const name of SPEC_CALLS) expect(CALLS[name]).toBeDefined();
  });

  it('writes every call the spec does not name in the house style, but those made before it', () => {
    const exempt = new Set<TCallName>([...SPEC_CALLS, ...CALLS_BEFORE_THE_HOUSE_STYLE]);
    const offStyle = calls.filter(([name, call]) => !exempt.has(name) && !HOUSE_STYLE.test(call.path));
    expect(offStyle.map(([name, call]) => `${name}: ${call.path}`)).toEqual([]);
    // The list of calls before the style shrinks as they are renamed: none in it may already be in style.
    const inStyle = CALLS_BEFORE_THE_HOUSE_STYLE.filter((name) => HOUSE_STYLE.test(CALLS[name].path));
    expect(inStyle).toEqual([]);
  });
});
