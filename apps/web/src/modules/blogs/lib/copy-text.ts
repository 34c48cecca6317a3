import TurndownService from 'turndown';
import { toast } from '../../../app/api/toast';

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
});

/** The post as Markdown, for sites and tools that take Markdown rather than HTML. */
export const markdownOf = (html: string): string => turndown.turndown(html);

export const copyText = async (text: string, what: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', `${what} copied`);
  } catch {
    toast('error', `Could not copy: your browser refused access to the clipboard`);
  }
};
