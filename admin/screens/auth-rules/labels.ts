/**
 * A rule's `group` and `name` are identifiers the server declares (`users`,
 * `comm`; `rows`, `sign-in`): people read them through the catalogs. A group
 * is a table (`resources.<group>.name`) or a family of hand-written routes
 * (`ruleGroups.<group>`); a name is an action (`actions.<name>`). An
 * identifier no catalog knows shows as itself rather than as a raw key.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const ruleGroupLabel = (translate: Translate, group: string) =>
  translate(`resources.${group}.name`, { _: translate(`ruleGroups.${group}`, { _: group }) });

export const ruleActionLabel = (translate: Translate, name: string) => translate(`actions.${name}`, { _: name });

/** A log row's title names the rule it went through, `<group>.<name>` (server/services/logs.ts). */
export function ruleTitleLabel(translate: Translate, title: string) {
  const dot = title.lastIndexOf('.');
  if (dot <= 0) return title;
  return `${ruleGroupLabel(translate, title.slice(0, dot))} · ${ruleActionLabel(translate, title.slice(dot + 1))}`;
}
