/**
 * The icons a menu entry may name (a resource's or an admin page's `icon`):
 * Material icon names. The console maps each to its component in
 * admin/layout/icons.tsx, typed over this list, so a name missing there, or
 * a resource naming one not here, fails the type check instead of showing a
 * stand-in. A new icon is one word here and one import there.
 */
export const ICON_NAMES = [
  'article', 'campaign', 'comment', 'confirmation_number', 'dashboard', 'description', 'group', 'history', 'key', 'link',
  'military_tech', 'notifications', 'payments', 'people', 'rule', 'sell', 'send', 'settings', 'timeline', 'undo', 'view_carousel', 'warning',
] as const;
export type IconName = (typeof ICON_NAMES)[number];
