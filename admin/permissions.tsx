/**
 * The one permission check of the console: a menu entry or button
 * shows only when `auth-rules/mine` holds a rule with the same method and route
 * and `manage: true`. Keys are `[METHOD]api/<table>/<action>` (`ruleKey`).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { ruleKey } from '../schema/rules';
import type { MineRule } from './api/authProvider';

export type Granted = ReadonlySet<string>;

export const grantedKeys = (mine: readonly MineRule[] | undefined): Granted =>
  new Set((mine ?? []).filter((rule) => rule.manage).map((rule) => ruleKey(rule.method, rule.route)));

const GrantedContext = createContext<Granted>(new Set());
/** False while the caller's rules are loading: nothing may be judged forbidden (or allowed) before they arrive. */
const ReadyContext = createContext(true);

/** Loads the caller's rules once for the whole console. */
export function PermissionsProvider({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<MineRule[]>();
  const granted = useMemo(() => grantedKeys(permissions), [permissions]);
  return (
    <ReadyContext.Provider value={!isPending}>
      <GrantedContext.Provider value={granted}>{children}</GrantedContext.Provider>
    </ReadyContext.Provider>
  );
}

export const usePermissionsReady = () => useContext(ReadyContext);

export const GrantedProvider = GrantedContext.Provider;

/** `can('[GET]api/users/export')` */
export function usePermission(): (rule: string) => boolean {
  const granted = useContext(GrantedContext);
  return (rule) => granted.has(rule);
}

/** Renders its children only for callers holding `rule`. */
export function Permitted({ rule, children }: { rule: string; children: ReactNode }) {
  return usePermission()(rule) ? <>{children}</> : null;
}
