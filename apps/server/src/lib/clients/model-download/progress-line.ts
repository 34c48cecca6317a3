import { formatBytes } from './download-errors';
import type { DownloadProgress } from './download-progress';

/** 1h 02m, 3m 05s, 42s. */
export const formatDuration = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
};

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
