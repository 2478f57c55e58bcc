/**
 * A key's rules in the list: "revoked" (and when) for a key that may do
 * nothing any more, "all of the owner's" for a key without any,
 * "merchant" for the preset's list, otherwise how many; beneath, the rules
 * themselves by table and action ("Payment records: Create, List"), so the
 * list answers what each key may do. The exact routes are in the title.
 */
import { Box, Chip, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatEpoch } from '../../../schema/dates';
import { REST_PREFIX } from '../../../schema/rest';
import { API_KEY_PRESETS } from '../../../schema/resources/api-keys';
import { ruleActionLabel, ruleGroupLabel } from '../auth-rules/labels';

const k = (key: string) => `admin.screens.api-keys.${key}`;

function byGroup(rules: readonly string[]) {
  const out = new Map<string, string[]>();
  for (const rule of rules) {
    const { group, name } = partsOf(rule);
    out.set(group, [...(out.get(group) ?? []), name]);
  }
  return out;
}

const isMerchant = (rules: readonly string[]) =>
  rules.length === API_KEY_PRESETS.merchant.length && rules.every((rule) => (API_KEY_PRESETS.merchant as readonly string[]).includes(rule));

const REST_NAMES: Record<string, string> = { GET: 'rest-list', POST: 'rest-create', PUT: 'rest-update', PATCH: 'rest-patch', DELETE: 'rest-delete' };

/** `GET api/receive-money/rows` -> group and action; `GET api/rest/users/:id` -> users, rest-one. */
function partsOf(rule: string): { group: string; name: string } {
  const [method = '', route = ''] = rule.split(' ');
  const [, group = '', ...rest] = route.split('/');
  if (group === REST_PREFIX) return { group: rest[0] ?? '', name: method === 'GET' && rest[1] ? 'rest-one' : (REST_NAMES[method] ?? method) };
  return { group, name: rest.join('/') };
}

export function RulesCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const rules = record.rules as string[] | null | undefined;
  if (record.revokedTime) return <Chip size="small" color="error" variant="outlined" label={translate(k('rules_revoked'), { time: formatEpoch(Number(record.revokedTime), 'simple') })} />;
  if (!rules) return <Chip size="small" color="warning" variant="outlined" label={translate(k('rules_all'))} />;
  const summary = isMerchant(rules) ? translate(k('rules_merchant'), { count: rules.length }) : translate(k('rules_count'), { smart_count: rules.length });
  // The one column that wraps, so it gives way first: at 160 px the en-us list at 1280 px sat within a
  // few pixels of scrolling sideways, and a key prefix of wide letters or a longer time tipped it over.
  return (
    <Box sx={{ whiteSpace: 'normal', minWidth: 120, maxWidth: 260 }}>
      <Chip size="small" color="primary" variant="outlined" label={summary} sx={{ mb: 0.5 }} />
      {[...byGroup(rules)].map(([group, names]) => (
        <Typography key={group} variant="caption" component="div" color="text.secondary" title={rules.join('\n')} sx={{ lineHeight: 1.4 }}>
          {ruleGroupLabel(translate, group)}: {names.map((name) => ruleActionLabel(translate, name)).join(', ')}
        </Typography>
      ))}
    </Box>
  );
}
