import type { TSocialPost } from '@sales-assist/contract';
import { SOCIAL_NETWORK_LABELS } from '@sales-assist/contract';
import { fetchApiBlob } from '../../../app/api/fetch-blob';
import { toast } from '../../../app/api/toast';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Saves the post's picture as a file named after the post and its network. */
export const downloadSocialImage = async (post: TSocialPost): Promise<void> => {
  if (!post.image_uri) return;
  try {
    const blob = await fetchApiBlob(post.image_uri);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `social-post-${post.id}-${post.network}.${EXTENSIONS[blob.type] ?? 'png'}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast('error', "Can't download the picture");
  }
};

export const copySocialText = async (post: Pick<TSocialPost, 'network'>, text: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', `Text copied: paste it into ${SOCIAL_NETWORK_LABELS[post.network]}`);
  } catch {
    toast('error', 'Could not copy: your browser refused access to the clipboard');
  }
};
