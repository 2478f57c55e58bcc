/**
 * The `rules` input of a group: the rules of
 * `GET /api/auth-rules/tree`, one branch per table or route group. A branch's
 * checkbox takes or drops the whole group; a rule reads as its action, method
 * and route. With "all permissions" on, there is nothing to choose.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box, Checkbox, Chip, Collapse, FormControl, FormControlLabel, FormHelperText, FormLabel, IconButton, LinearProgress, List, ListItem, Typography,
} from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { idsFromPipes, idsToPipes } from '../../form/validation';
import { groupLabelKey, groupState, orderedTree, setGroup, toggleRule, type RuleGroup, type TreeRule } from './ruleTree';
import { useExtra } from './useExtra';

interface InputProps {
  source: string;
  label: string;
  disabled: boolean;
}

export function RuleTreeInput({ source, label, disabled }: InputProps) {
  const translate = useTranslate();
  const everything = Boolean(Number(useWatch({ name: 'all' })));
  const { field } = useInput({ source, format: idsFromPipes, parse: idsToPipes });
  const tree = useExtra<RuleGroup[]>('auth-rules', 'tree');
  const chosen: number[] = field.value;
  const chosenSet = new Set(chosen);
  const off = disabled || everything;

  return (
    <FormControl component="fieldset" fullWidth disabled={off} sx={{ mb: 2 }}>
      <FormLabel component="legend">{label}</FormLabel>
      {everything && <FormHelperText>{translate('admin.screens.auth-group.all_rules')}</FormHelperText>}
      {tree ? (
        <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {orderedTree(tree).map(({ group, children }) => (
            <RuleBranch key={group} group={group} rules={children} chosen={chosen} chosenSet={chosenSet} disabled={off} onChange={field.onChange} />
          ))}
        </List>
      ) : (
        <LinearProgress />
      )}
    </FormControl>
  );
}

interface BranchProps {
  group: string;
  rules: TreeRule[];
  chosen: number[];
  chosenSet: ReadonlySet<number>;
  disabled: boolean;
  onChange: (ids: number[]) => void;
}

function RuleBranch({ group, rules, chosen, chosenSet, disabled, onChange }: BranchProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const state = groupState(chosenSet, rules);
  const name = translate(groupLabelKey(group), { _: group });
  const picked = rules.filter((rule) => chosenSet.has(rule.id)).length;

  return (
    <>
      <ListItem
        disablePadding
        sx={{ px: 1 }}
        secondaryAction={
          <IconButton edge="end" size="small" aria-expanded={open} aria-label={translate(open ? 'admin.screens.auth-group.collapse' : 'admin.screens.auth-group.expand', { name })} onClick={() => setOpen(!open)}>
            {open ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        }
      >
        <FormControlLabel
          disabled={disabled}
          label={name}
          control={<Checkbox size="small" checked={state === 'all'} indeterminate={state === 'some'} onChange={(e) => onChange(setGroup(chosen, rules, e.target.checked))} />}
        />
        <Typography variant="caption" color="text.secondary">{picked}/{rules.length}</Typography>
      </ListItem>
      <Collapse in={open} unmountOnExit>
        <List dense disablePadding sx={{ pl: 4 }}>
          {rules.map((rule) => (
            <ListItem key={rule.id} disablePadding sx={{ px: 1 }}>
              <FormControlLabel
                disabled={disabled}
                label={<RuleLabel rule={rule} />}
                control={<Checkbox size="small" checked={chosenSet.has(rule.id)} onChange={() => onChange(toggleRule(chosen, rule.id))} />}
              />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** Action name, then method and route; a rule that needs no grant says so (public, or any signed-in user). */
function RuleLabel({ rule }: { rule: TreeRule }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{translate(`actions.${rule.name}`, { _: rule.name })}</span>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{rule.method} {rule.route}</Typography>
      {rule.type !== 'default' && <Chip size="small" variant="outlined" label={translate(`options.ruleType.${rule.type}`)} />}
    </Box>
  );
}
