import { useNotifications } from '@mantine/notifications';
import { useEffect, useLayoutEffect } from 'react';

/** The app header's height (AppShell's `header.height`). */
export const HEADER_HEIGHT = 64;
/** What global.css reads for the top of the top-right toast stack. */
const TOP_VARIABLE = '--app-toast-top';
/** The page's heading row (PageShell): its title, and the controls at its right (LinkedIn status, actions). */
const PAGE_HEAD_ATTRIBUTE = 'data-page-head';
const GAP = 12;
/** How often the row is measured again while toasts show: it moves without a scroll too (a new page, a wrap). */
const REMEASURE_MS = 200;

/** Below the fixed header, and below the page's heading row while any of it shows under the header. */
const toastTop = (pageHeadBottom: number | null): number =>
  Math.max(HEADER_HEIGHT, pageHeadBottom ?? 0) + GAP;

const place = () => {
  const head = document.querySelector(`[${PAGE_HEAD_ATTRIBUTE}]`);
  const top = toastTop(head ? head.getBoundingClientRect().bottom : null);
  document.documentElement.style.setProperty(TOP_VARIABLE, `${top}px`);
};

/**
 * Keeps the top-right toasts (spec §8) clear of the header and of the page's heading row, whose right
 * side holds controls (the sandbox badge, the LinkedIn chip, a page's buttons) exactly where the toasts
 * stack. Measured only while toasts show: when one appears, as the page scrolls or resizes under them
 * (the row scrolls away with the page, and the toasts rise to just below the header), and every 200 ms
 * for what moves it otherwise (the next page's row, a LinkedIn status that loads and wraps).
 */
export const useToastClearance = () => {
  const showing = useNotifications().notifications.length > 0;
  // Outside the app's pages (sign-in) the stack goes back to global.css's place below the header.
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(TOP_VARIABLE);
    },
    [],
  );
  // Before paint, so a new toast appears in its place instead of sliding there.
  useLayoutEffect(() => {
    if (!showing) return;
    place();
    let frame = 0;
    const schedule = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          place();
        });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const timer = window.setInterval(schedule, REMEASURE_MS);
    return () => {
      window.clearInterval(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [showing]);
};
