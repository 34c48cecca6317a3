import { describe, expect, it } from 'vitest';
import { directivesOf } from './directives';

describe('prompt directives', () => {
  it('reads the directives people write, and ignores counts of smaller things', () => {
    expect(directivesOf('Write it in five sections, around 1,500 words.')).toMatchObject({
      sections: 5,
      words: 1500,
    });
    expect(directivesOf('Sections: 6\nWord count: 900')).toMatchObject({ sections: 6, words: 900 });
    expect(directivesOf('Aim for 800-1000 words.').words).toBe(900);
    expect(directivesOf('Keep each paragraph under 80 words and the hook under 20 words.').words).toBeNull();
    expect(directivesOf('Call to action: Book a demo at brightpipe.example').callToAction).toBe(
      'Book a demo at brightpipe.example',
    );
    expect(directivesOf('Do not add a call to action.').callToAction).toBe(false);
    expect(directivesOf('End with {call_to_action}').callToAction).toBeNull();
    expect(directivesOf('No emojis please').emoji).toBe(false);
    expect(directivesOf('Add a few emojis').emoji).toBe(true);
    expect(directivesOf('Use 3 hashtags').hashtags).toBe(3);
    expect(directivesOf('hashtags: 9').hashtags).toBe(5);
    expect(directivesOf('No hashtags.').hashtags).toBe(0);
    expect(directivesOf('End with 3 to 5 relevant hashtags.').hashtags).toBe(3);
    expect(directivesOf('Write it in 4 to 6 sections.').sections).toBe(5);
    expect(directivesOf('An online post of about 700 words.').words).toBe(700);
    // Sentences like the built-in prompts': none of them is a directive the offline writer should take.
    expect(
      directivesOf(
        'Give an outline of 4 to 7 section headings. Open with the problem in two or three sentences. ' +
          'End with one call to action that fits the offer. At most two emoji, a hook of at most 150 characters.',
      ),
    ).toEqual({ sections: null, words: null, callToAction: null, emoji: null, hashtags: null });
    expect(directivesOf('Write a blog post about {topic} for {audience} in a {tone} tone.')).toEqual({
      sections: null,
      words: null,
      callToAction: null,
      emoji: null,
      hashtags: null,
    });
  });
});
