import { describe, expect, it } from 'vitest';
import { fillPromptVariables } from './fill-prompt-variables';

describe('fillPromptVariables', () => {
  it('fills every known variable, says "(none)" for a blank one and leaves other braces', () => {
    expect(
      fillPromptVariables(
        '{company} sells {offer} to {audience}; topic {topic}; {count} of them; {unknown}',
        {
          company: 'Brightwave',
          offer: 'scheduling',
          audience: '  ',
          count: '3',
        },
      ),
    ).toBe('Brightwave sells scheduling to (none); topic (none); 3 of them; {unknown}');
  });

  it('fills a variable every time it appears', () => {
    expect(fillPromptVariables('{tone}, {tone}', { tone: 'Warm' })).toBe('Warm, Warm');
  });
});
