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
  const toggle = (rule: string) => onChange({ mode: 'custom', rules: value.rules.includes(rule) ? value.rules.filter((r) => r !== rule) : [...value.rules, rule].sort() });

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
      {value.mode === 'custom' && (
        <Box role="group" aria-label={translate(k('rules_label'))} sx={{ mt: 1, maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1 }}>
          {choices.map((choice) => (
            <FormControlLabel
              key={choice.rule}
              sx={{ display: 'flex', mr: 0 }}
              control={<Checkbox size="small" checked={value.rules.includes(choice.rule)} onChange={() => toggle(choice.rule)} />}
              label={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                  <span>{label(choice)}</span>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{choice.rule}</Typography>
                </Box>
              }
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
