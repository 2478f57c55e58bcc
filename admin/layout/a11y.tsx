/**
 * What a screen reader needs from every screen (issue 15), mounted once around
 * the console and the account pages:
 * - two live regions, present from the start (a region added together with its
 *   text is not reliably read): `status` (polite) and `alert` (assertive);
 * - every toast read out through them: errors and warnings at once, the rest
 *   politely (MUI's own snackbar `role="alert"` is dropped so nothing is read twice);
 * - names for the progress indicators that react-admin and MUI draw unnamed
 *   (axe: aria-progressbar-name), in the reader's language.
 *
 * `announce(text)` lets any screen say what changed without a toast.
 */
import { Box, ThemeProvider, type Theme } from '@mui/material';
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';

type Politeness = 'polite' | 'assertive';
/** What each region says now; `n` counts announcements, so the same words twice are two announcements. */
type Said = Record<Politeness, { text: string; n: number }>;
let said: Said = { polite: { text: '', n: 0 }, assertive: { text: '', n: 0 } };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/**
 * Reads `text` out in a live region. Kept outside React's state: a region whose
 * screen is suspended for a moment (a lazy chunk loading) still has the words
 * when it shows again.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  said = { ...said, [politeness]: { text, n: said[politeness].n + 1 } };
  for (const listener of listeners) listener();
}

/**
 * Screen-reader-only: kept in the layout (not display:none), drawn in a 1px clip.
 * Sizes are strings: in `sx` a number up to 1 is a fraction (1 = 100%), and a
 * full-height region below the page made every account page scroll into blank space.
 */
export const visuallyHidden = {
  position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;

function LiveRegions() {
  const now = useSyncExternalStore(subscribe, () => said);
  // A new node per announcement (the key): screen readers read added text, even when it repeats.
  return (
    <>
      <Box role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite" sx={visuallyHidden}>
        <span key={now.polite.n}>{now.polite.text}</span>
      </Box>
      <Box role="alert" aria-live="assertive" aria-atomic="true" data-testid="live-assertive" sx={visuallyHidden}>
        <span key={now.assertive.n}>{now.assertive.text}</span>
      </Box>
    </>
  );
}

/** Each toast as it is queued, in the words react-admin's `<Notification>` shows. */
function ToastAnnouncer() {
  const translate = useTranslate();
  const { notifications } = useNotificationContext();
  const [heard] = useState(() => new WeakSet<NotificationPayload>());
  useEffect(() => {
    for (const toast of notifications) {
      if (heard.has(toast)) continue;
      heard.add(toast);
      if (typeof toast.message !== 'string') continue;
      const text = translate(toast.message, { _: toast.message, ...toast.notificationOptions?.messageArgs });
      announce(text, toast.type === 'error' || toast.type === 'warning' ? 'assertive' : 'polite');
    }
  }, [notifications, heard, translate]);
  return null;
}

/** Theme defaults that need words: progress indicators named "loading" unless a screen names them itself. */
function NamedDefaults({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const loading = translate('ra.page.loading');
  const named = useCallback((outer: Theme): Theme => ({
    ...outer,
    components: {
      ...outer.components,
      MuiCircularProgress: { ...outer.components?.MuiCircularProgress, defaultProps: { 'aria-label': loading } },
      MuiLinearProgress: { ...outer.components?.MuiLinearProgress, defaultProps: { 'aria-label': loading } },
      // The live regions above speak for the toasts.
      MuiSnackbarContent: { ...outer.components?.MuiSnackbarContent, defaultProps: { role: 'presentation' } },
    },
  }), [loading]);
  return <ThemeProvider theme={named}>{children}</ThemeProvider>;
}

export function Accessible({ children }: { children: ReactNode }) {
  return (
    <NamedDefaults>
      {children}
      <LiveRegions />
      <ToastAnnouncer />
    </NamedDefaults>
  );
}
