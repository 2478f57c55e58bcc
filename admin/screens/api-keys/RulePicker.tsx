/**
 * What a key may do, chosen when it is made or later: the "merchant" preset
 * (what a shop's server needs), rules picked one by one from those the owner
 * holds (`GET /api/api-keys/choices`), or everything the owner may do. The
 * preset takes only what the owner holds and says what it leaves out, so the
 * server's "rules you do not hold" answer is never the first a user hears of it.
 */
import { Alert, Box, Checkbox, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { API_KEY_PRESETS } from '../../../schema/resources/api-keys';
import { call } from '../../api/http';
import { ruleActionLabel, ruleGroupLabel } from '../auth-rules/labels';

const k = (key: string) => `admin.screens.api-keys.${key}`;

/** One rule the caller may give a key. */
export interface Choice { rule: string; group: string; name: string }
export type Mode = 'merchant' | 'custom' | 'all';
/** What the picker answers: the rules, or null for all of the owner's. */
export interface Picked { mode: Mode; rules: string[] }

export const presetRules = (held: readonly Choice[]) => API_KEY_PRESETS.merchant.filter((rule) => held.some((c) => c.rule === rule));
export const rulesOf = (picked: Picked): string[] | null => (picked.mode === 'all' ? null : picked.rules);

/** Which mode a stored list reads as: null is all, the preset's list (as far as held) is the preset, anything else is custom. */
export function modeOf(rules: readonly string[] | null, held: readonly Choice[]): Picked {
  if (rules === null) return { mode: 'all', rules: presetRules(held) };
  const preset = presetRules(held);
  const same = preset.length === rules.length && preset.every((rule) => rules.includes(rule));
  return { mode: same ? 'merchant' : 'custom', rules: [...rules] };
}

/** The rules the caller may give a key, loaded once per dialog. */
export function useChoices(): Choice[] | null {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  useEffect(() => {
    let live = true;
    void call<Choice[]>('GET', 'api-keys/choices').then(({ data }) => live && setChoices(data), () => live && setChoices([]));
    return () => void (live = false);
  }, []);
  return choices;
}

export function useRuleLabel() {
  const translate = useTranslate();
  return (choice: Pick<Choice, 'group' | 'name'>) => `${ruleGroupLabel(translate, choice.group)} · ${ruleActionLabel(translate, choice.name)}`;
}

export function RulePicker({ choices, value, onChange }: { choices: Choice[]; value: Picked; onChange: (picked: Picked) => void }) {
  const translate = useTranslate();
  const label = useRuleLabel();
  const missing = API_KEY_PRESETS.merchant.filter((rule) => !choices.some((c) => c.rule === rule));
  const preset = presetRules(choices);
  const setMode = (mode: Mode) => onChange({ mode, rules: mode === 'merchant' ? preset : value.rules });

  return (
    <Box>
      <RadioGroup value={value.mode} onChange={(e) => setMode(e.target.value as Mode)} aria-label={translate(k('rules_label'))}>
        <FormControlLabel value="merchant" control={<Radio size="small" />} label={translate(k('mode_merchant'))} />
        <FormControlLabel value="custom" control={<Radio size="small" />} label={translate(k('mode_custom'))} />
        <FormControlLabel value="all" control={<Radio size="small" />} label={translate(k('mode_all'))} />
      </RadioGroup>
      {value.mode === 'merchant' && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate(k('merchant_text'))}</Typography>
          <Box component="ul" sx={{ my: 1, pl: 3 }}>
            {preset.map((rule) => <Typography component="li" variant="body2" key={rule}>{label(choices.find((c) => c.rule === rule)!)}</Typography>)}
          </Box>
          {missing.length > 0 && <Alert severity="info">{translate(k('merchant_missing'), { rules: missing.join(', ') })}</Alert>}
        </>
      )}
      {value.mode === 'all' && <Alert severity="warning" sx={{ mt: 1 }}>{translate(k('all_warning'))}</Alert>}
      {value.mode === 'custom' && <RulesByTable choices={choices} picked={value.rules} onChange={(rules) => onChange({ mode: 'custom', rules })} />}
    </Box>
  );
}

/**
 * Rules one by one, as people think of them: under each table (or family of routes) by its name, its actions
 * in words, with a box for the whole table; no route is spelt out.
 */
function RulesByTable({ choices, picked, onChange }: { choices: Choice[]; picked: string[]; onChange: (rules: string[]) => void }) {
  const translate = useTranslate();
  const tables = new Map<string, Choice[]>();
  for (const choice of choices) tables.set(choice.group, [...(tables.get(choice.group) ?? []), choice]);
  const set = (rules: string[], on: boolean) =>
    onChange(on ? [...new Set([...picked, ...rules])].sort() : picked.filter((rule) => !rules.includes(rule)));
  return (
    <Box role="group" aria-label={translate(k('rules_label'))} sx={{ mt: 1, maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.5 }}>
      {[...tables].map(([group, actions]) => {
        const table = ruleGroupLabel(translate, group);
        const rules = actions.map((c) => c.rule);
        const count = rules.filter((rule) => picked.includes(rule)).length;
        return (
          <Box key={group} role="group" aria-label={table} sx={{ py: 0.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <FormControlLabel
              sx={{ mr: 0 }}
              label={<Typography variant="subtitle2" component="span">{table}</Typography>}
              control={
                <Checkbox
                  size="small" checked={count === rules.length} indeterminate={count > 0 && count < rules.length}
                  onChange={(e) => set(rules, e.target.checked)} slotProps={{ input: { 'aria-label': translate(k('rules_table'), { table }) } }}
                />
              }
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, pl: 3 }}>
              {actions.map((choice) => (
                <FormControlLabel
                  key={choice.rule}
                  sx={{ mr: 1 }}
                  label={<Typography variant="body2" component="span">{ruleActionLabel(translate, choice.name)}</Typography>}
                  control={<Checkbox size="small" checked={picked.includes(choice.rule)} onChange={(e) => set([choice.rule], e.target.checked)} />}
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
