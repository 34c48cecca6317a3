import { describe, expect, it } from 'vitest';
import { checkPromptText, fillPrompt, PROMPT_PURPOSES, PROMPT_VARIABLES, PURPOSE_VARIABLES } from './prompts';

describe('checkPromptText', () => {
  it('answers the variables used, in order of first use, once each', () => {
    expect(checkPromptText('For {company}: {topic}, {company} again. {length}', 'blog_post')).toEqual({
      ok: true,
      variables: ['company', 'topic', 'length'],
    });
    expect(checkPromptText('No variables at all.', 'chat')).toEqual({ ok: true, variables: [] });
  });

  it('refuses names its purpose does not allow, naming every one and the allowed ones', () => {
    const check = checkPromptText('{topic} {Company} { company } {} {topic}', 'chat');
    expect(check).toMatchObject({
      ok: false,
      error: 'unknown_variable',
      unknown: ['topic', 'Company', ' company ', ''],
    });
    expect(check.ok ? '' : check.message).toBe(
      'Unknown variables {topic}, {Company}, { company }, {}. Chat prompts may use: {company}, {website_summary}, {offer}, {audience}, {tone}, {key_phrases}, {inputs}.',
    );
  });

  it('refuses unbalanced and doubled braces, saying where', () => {
    const at = (text: string) => {
      const check = checkPromptText(text, 'blog_post');
      return check.ok ? 'ok' : `${check.error}: ${check.message}`;
    };
    expect(at('a\nbc {topic')).toBe(
      'unbalanced_braces: The "{" at line 2, column 4 is never closed. Braces are only for variables such as {company}.',
    );
    expect(at('{topic}}')).toBe(
      'unbalanced_braces: The "}" at line 1, column 8 has no opening "{". Braces are only for variables such as {company}.',
    );
    expect(at('{{topic}}')).toMatch(/^unbalanced_braces: The "\{" at line 1, column 1 is never closed/);
    expect(at('{to{pic}')).toMatch(/^unbalanced_braces/);
  });

  it('every purpose allows only known variables, and the brand profile everywhere', () => {
    const known = new Set<string>(PROMPT_VARIABLES.map((variable) => variable.name));
    for (const purpose of PROMPT_PURPOSES) {
      for (const name of PURPOSE_VARIABLES[purpose])
        expect(known.has(name), `${purpose}: ${name}`).toBe(true);
      expect(PURPOSE_VARIABLES[purpose]).toEqual(
        expect.arrayContaining(['company', 'audience', 'tone', 'inputs']),
      );
    }
  });
});

describe('fillPrompt', () => {
  it('fills every variable, writing (none) for what is missing or blank', () => {
    expect(
      fillPrompt('{company} sells {offer} to {audience}. Inputs: {inputs}. {company}!', {
        company: 'Acme',
        offer: ' anvils ',
        audience: '  ',
      }),
    ).toBe('Acme sells anvils to (none). Inputs: (none). Acme!');
  });

  it('fills each value once: a value that looks like a variable stays as written', () => {
    expect(fillPrompt('{topic} / {company}', { topic: 'about {company}', company: 'Acme' })).toBe(
      'about {company} / Acme',
    );
  });
});
