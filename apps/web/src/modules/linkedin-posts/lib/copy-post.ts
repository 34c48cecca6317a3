import { toast } from '../../../app/api/toast';

export const copyPost = async (text: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', 'Post copied: paste it into LinkedIn');
  } catch {
    toast('error', 'Could not copy: your browser refused access to the clipboard');
  }
};
