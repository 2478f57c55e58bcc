/**
 * What needs an operator whatever the period (issue 31 item 8): one entry per
 * order, linked to it, naming what is wrong: each open exception with its
 * amount, and a failing merchant callback with its last error in words and
 * its next try, with "Resend now" (one) and "Resend all" (every failing one
 * shown) for whoever holds the resend rule.
 */
import { Box, Button, Link as MuiLink, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { formatEpoch } from '../../../schema/dates';
import { formatMoney } from '../../../schema/money';
import { ruleKey } from '../../../schema/rules';
import { call } from '../../api/http';
import { usePermission } from '../../permissions';
import { getResource, optionKey } from '../../schema';
import { ordersListPath } from './period';
import type { AttentionCallback, AttentionEntry, DashboardData } from '../../../schema/dashboard';

type Translate = (key: string, options?: object) => string;
const k = (key: string) => `admin.screens.dashboard.${key}`;

function OrderLink({ entry }: { entry: AttentionEntry }) {
  const translate = useTranslate();
  return (
    <MuiLink component={Link} to={ordersListPath({ tradeNo: entry.tradeNo })} aria-label={translate(k('open_order'), { tradeNo: entry.tradeNo })} sx={{ wordBreak: 'break-all' }}>
      {entry.title || entry.tradeNo}
    </MuiLink>
  );
}

/** "Callback failing: connection refused · 3 tries · next try 11/28 18:02", or "gave up" once it stopped. */
function callbackWords(callback: AttentionCallback, translate: Translate): string {
  const error = translate(k(`callback_error.${callback.error}`), { code: callback.code });
  const state = callback.state === 'failed' ? k('callback_gave_up') : k('callback_failing');
  const next = callback.nextTime ? ` · ${translate(k('next_try'), { time: formatEpoch(callback.nextTime, 'detailed') })}` : '';
  // The count is smart_count, so each language picks its plural (English "1 try", "3 tries").
  return `${translate(state, { error, smart_count: callback.tries })}${next}`;
}

export function AttentionPanel({ attention }: { attention: DashboardData['attention'] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const canResend = usePermission()(ruleKey('POST', 'api/callbacks/resend'));
  const [queued, setQueued] = useState<ReadonlySet<number>>(new Set());
  const exception = getResource('receive-money').fields.exception!;
  const failing = attention.entries.flatMap((e) => (e.callback && !queued.has(e.callback.id) ? [e.callback.id] : []));

  async function resend(ids: number[]) {
    try {
      const { msg } = await call('POST', 'callbacks/resend', { body: ids.length === 1 ? { id: ids[0] } : { ids } });
      notify(msg, { type: 'success' });
      setQueued((was) => new Set([...was, ...ids]));
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="dashboard-attention" data-testid="attention" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h2" id="dashboard-attention" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {translate(k('attention'))}{attention.orders > 0 && ` · ${translate(k('total'), { count: attention.orders })}`}
        </Typography>
        {canResend && failing.length > 1 && (
          <Button size="small" variant="outlined" onClick={() => resend(failing)} data-testid="attention-resend-all">
            {translate(k('resend_all'), { count: failing.length })}
          </Button>
        )}
      </Stack>
      {!attention.orders && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate(k('all_clear'))}</Typography>}
      {attention.entries.length > 0 && (
        <List dense disablePadding sx={{ mt: 1 }} data-testid="attention-entries">
          {attention.entries.map((entry) => {
            const why = [
              ...entry.exceptions.map((e) => `${translate(optionKey('exception', exception, e.kind), { _: e.kind })} · ${formatMoney(e.amount, e.currency, locale)}`),
              ...(entry.callback ? [queued.has(entry.callback.id) ? translate(k('callback_queued')) : callbackWords(entry.callback, translate)] : []),
            ];
            const callbackId = entry.callback?.id;
            return (
              <ListItem
                key={entry.orderId}
                disableGutters
                data-testid="attention-entry"
                secondaryAction={canResend && callbackId !== undefined && !queued.has(callbackId) ? (
                  <Button size="small" onClick={() => resend([callbackId])}>{translate(k('resend_now'))}</Button>
                ) : undefined}
              >
                <ListItemText
                  primary={<OrderLink entry={entry} />}
                  secondary={<Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>{why.map((line) => <span key={line}>{line}</span>)}</Box>}
                  sx={{ pr: canResend && callbackId !== undefined ? 12 : 0 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
