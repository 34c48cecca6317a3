import { describe, expect, it } from 'vitest';
import { highestUsagePercent, parseUsageHeaders, usagePauseSeconds } from './usage';

const headers = (app?: unknown, business?: unknown) =>
  new Headers({
    ...(app === undefined ? {} : { 'x-app-usage': JSON.stringify(app) }),
    ...(business === undefined ? {} : { 'x-business-use-case-usage': JSON.stringify(business) }),
  });

describe("Meta's usage headers", () => {
  it('are read from both headers, per page', () => {
    const usage = parseUsageHeaders(
      headers(
        { call_count: 12, total_time: 3, total_cputime: 4 },
        {
          '111': [
            {
              type: 'pages',
              call_count: 40,
              total_time: 95,
              total_cputime: 2,
              estimated_time_to_regain_access: 0,
            },
          ],
        },
      ),
    );
    expect(usage).toEqual({
      app: { callCount: 12, totalTime: 3, totalCputime: 4 },
      business: [
        { id: '111', type: 'pages', callCount: 40, totalTime: 95, totalCputime: 2, regainAccessMinutes: 0 },
      ],
    });
    expect(highestUsagePercent(usage)).toBe(95);
  });

  it('count as nothing when missing or malformed', () => {
    const usage = parseUsageHeaders(
      new Headers({ 'x-app-usage': 'not json', 'x-business-use-case-usage': '[1]' }),
    );
    expect(usage).toEqual({ app: null, business: [] });
    expect(usagePauseSeconds(usage)).toBe(0);
  });

  it('pause nothing below 90%, 10 minutes at 90%, about 35 at 95% and the full hour at 100%', () => {
    const at = (percent: number) =>
      usagePauseSeconds({ app: { callCount: percent, totalTime: 0, totalCputime: 0 }, business: [] });
    expect(at(89.9)).toBe(0);
    expect(at(90)).toBe(600);
    expect(at(95)).toBe(2_100);
    expect(at(100)).toBe(3_600);
    expect(at(140)).toBe(3_600);
  });

  it("pause for Meta's own estimate when it gives one", () => {
    const usage = parseUsageHeaders(
      headers(undefined, {
        '7': [
          {
            type: 'pages',
            call_count: 100,
            total_time: 10,
            total_cputime: 10,
            estimated_time_to_regain_access: 120,
          },
        ],
      }),
    );
    expect(usagePauseSeconds(usage)).toBe(7_200);
  });
});
