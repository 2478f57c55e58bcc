/**
 * The console's theme (issue 15: WCAG 2.2 AA in the theme itself, not screen
 * by screen): react-admin's default theme with
 * - colours whose text reaches 4.5:1 on white and on the page background, and
 *   white text on them too (react-admin's #2196f3 app bar and MUI's warning
 *   orange reach about 3:1);
 * - boundaries of inputs, outlined and toggle buttons and switch tracks at 3:1
 *   or more (MUI draws them at 1.6-2.9:1);
 * - one visible focus ring on everything that takes keyboard focus;
 * - react-admin's row checkbox named on its input, and its folded selection
 *   toolbar out of the Tab order (see `MuiCheckbox`, `RaBulkActionsToolbar`).
 * Plus the mobile breakpoint (under 768px), and no motion for those
 * who ask their system for less (WCAG 2.3.3): dialogs, menus and toasts then
 * appear and go at once.
 */
import type { ThemeOptions } from '@mui/material';
import { defaultTheme } from 'react-admin';

/** Reads at 5.75:1 on white and carries white text at the same ratio. */
const BLUE = '#1565c0';
/** Borders of what can be operated: #666 on white is 5.7:1, past the 3:1 of SC 1.4.11. */
const BOUNDARY = 'rgba(0, 0, 0, 0.6)';
const RING = '#0b3d91';

const focusRing = { outline: `3px solid ${RING}`, outlineOffset: 2 };
/** Items of a menu or list fill their box: the ring goes inside, where nothing clips it. */
const insetRing = { outline: `3px solid ${RING}`, outlineOffset: -3 };

/** Read once, when the console starts: the system setting a person chose for motion. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const NO_MOTION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/** react-admin's default options, as they are when none of ours override them. */
const base = defaultTheme as ThemeOptions;

export const theme: ThemeOptions = {
  ...base,
  ...(reducedMotion && { transitions: { duration: NO_MOTION } }),
  breakpoints: { values: { xs: 0, sm: 768, md: 1024, lg: 1280, xl: 1600 } },
  palette: {
    ...base.palette,
    primary: { main: BLUE, light: '#5e92f3', dark: '#003c8f', contrastText: '#fff' },
    secondary: { main: BLUE, light: '#5e92f3', dark: '#003c8f', contrastText: '#fff' },
    error: { main: '#c62828', contrastText: '#fff' },
    warning: { main: '#a14b00', contrastText: '#fff' },
    info: { main: '#01579b', contrastText: '#fff' },
    success: { main: '#2e7d32', contrastText: '#fff' },
  },
  components: {
    ...base.components,
    MuiButtonBase: {
      // A ripple is motion too; the focus ring below shows where the keyboard is either way.
      ...(reducedMotion && { defaultProps: { disableRipple: true } }),
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': focusRing,
          // On the blue app bar the ring is white.
          '.MuiAppBar-root &.Mui-focusVisible': { outlineColor: '#fff' },
          '&.MuiMenuItem-root.Mui-focusVisible, &.MuiListItemButton-root.Mui-focusVisible, &.MuiTab-root.Mui-focusVisible': insetRing,
        },
      },
    },
    // What a disabled input says about itself (why it is off, what it is) stays readable:
    // MUI draws it in text.disabled, 2.7:1.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
    // The side menu's group headings are links too (to the group's first screen).
    MuiListSubheader: { styleOverrides: { root: { '&:focus-visible': insetRing } } },
    MuiOutlinedInput: { styleOverrides: { notchedOutline: { borderColor: BOUNDARY } } },
    MuiFilledInput: {
      styleOverrides: {
        root: { backgroundColor: 'rgba(0, 0, 0, 0.04)', '&::before': { borderBottomColor: BOUNDARY } },
      },
    },
    MuiInput: { styleOverrides: { root: { '&::before': { borderBottomColor: BOUNDARY } } } },
    MuiButton: { styleOverrides: { outlined: { borderColor: 'currentColor' } } },
    // MUI draws an unselected toggle in action.active (0.54): 4.47:1 under the mouse's grey, short of 4.5.
    MuiToggleButton: { styleOverrides: { root: { borderColor: BOUNDARY, '&:not(.Mui-selected)': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiSwitch: {
      styleOverrides: {
        track: { opacity: 0.6 },
        switchBase: { '&.Mui-checked + .MuiSwitch-track': { opacity: 0.8 } },
      },
    },
    RaBulkActionsToolbar: {
      styleOverrides: {
        // react-admin folds the selection toolbar to height 0 when nothing is selected, but its
        // buttons stay in the Tab order: keyboard users land on invisible "delete" buttons.
        root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } },
      },
    },
    MuiCheckbox: {
      defaultProps: {
        // react-admin's SelectRowCheckbox puts its `aria-label` ("select this row") on the
        // checkbox's wrapping span, where ARIA forbids it, and leaves the input unnamed
        // (axe: aria-prohibited-attr, label). The name belongs on the input.
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
        },
      } as never,
    },
  },
};
