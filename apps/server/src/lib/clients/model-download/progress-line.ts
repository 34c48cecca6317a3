import { formatBytes, formatDuration } from '@sales-assist/contract';
import type { DownloadProgress } from './download-progress';

const PHASE_WORDS: Record<DownloadProgress['phase'], string> = {
  connecting: 'Connecting',
  checking: 'Checking what is on disk',
  downloading: 'Downloading',
  verifying: 'Verifying',
};

/**
 * One line of a download's progress for a terminal: a bar when the size is known, the bytes, the rate
 * and the time left ("[#####·····]  48.1%  1.12 GB / 2.33 GB  11.4 MB/s  1m 49s left").
 */
export const progressLine = (progress: DownloadProgress, barWidth = 24): string => {
  const { bytesDone, bytesTotal, bytesPerSecond, secondsLeft } = progress;
  const parts: string[] = [PHASE_WORDS[progress.phase]];
  if (bytesTotal !== null && bytesTotal > 0) {
    const share = Math.min(1, bytesDone / bytesTotal);
    const filled = Math.round(share * barWidth);
    parts.push(`[${'#'.repeat(filled)}${'·'.repeat(barWidth - filled)}]`, `${(share * 100).toFixed(1)}%`);
    parts.push(`${formatBytes(bytesDone)} / ${formatBytes(bytesTotal)}`);
  } else {
    parts.push(formatBytes(bytesDone));
  }
  if (bytesPerSecond !== null) parts.push(`${formatBytes(Math.round(bytesPerSecond))}/s`);
  if (secondsLeft !== null) parts.push(`${formatDuration(secondsLeft)} left`);
  return parts.join('  ');
};
