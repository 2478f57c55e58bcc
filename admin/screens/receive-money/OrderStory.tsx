/**
 * An order's story in its dialog (issue 13 item 7): the operator's actions
 * (mark paid, mark failed, close: each its own rule, each asking a reason),
 * the timeline of status changes, and the merchant callbacks with every
 * attempt and a gated resend. Each part shows only to a caller who holds its
 * rule; the server checks the same rules again.
 */
import { Box, Button, Chip, Divider, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetManyReference, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatEpoch } from '../../../schema/dates';
import { callbacks, orderEvents } from '../../../schema/index';
import { ruleKey } from '../../../schema/rules';
import { call } from '../../api/http';
import { PromptDialog } from '../../form/PromptDialog';
import { usePermission } from '../../permissions';
import { actionRule, optionKey } from '../../schema';
import { MoneyActions } from './MoneyActions';
import { PayLinkPanel } from './PayLink';
import { Timeline } from './Timeline';
import { Refunds } from './Refunds';

/** The server's operator actions (server/payments/operator-routes.ts), by route name. */
export const ORDER_ACTIONS = ['mark-paid', 'mark-failed', 'close'] as const;
type OrderAction = (typeof ORDER_ACTIONS)[number];
const REASON_MAX = 256;
/** More than any order gathers: a transition happens at most a few times. */
const STORY_PAGE = { page: 1, perPage: 50 };
/** How often pending callbacks are looked at again while the dialog is open. */
const WATCH_MS = 3000;

interface Attempt { at: number; code: number; ms: number; error?: string; refused?: true; next?: number }

const k = (key: string) => `admin.screens.receive-money.${key}`;

/** A choice's label, by the field that holds it. */
export const choice = (translate: (key: string, options?: object) => string, field: 'source' | 'state', value: string) => {
  const schema = field === 'source' ? orderEvents.fields.source : callbacks.fields.state;
  return translate(optionKey(field, schema, value), { _: value });
};

export function OrderActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const allowed = ORDER_ACTIONS.filter((action) => can(ruleKey('POST', `api/receive-money/${action}`)));
  if (record.status !== 'pending' || allowed.length === 0) return null;

  async function act(action: OrderAction, reason: string) {
    try {
      const { msg } = await call('POST', `receive-money/${action}`, { body: { id: record.id, reason } });
      notify(msg, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      throw error;
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={translate(k('actions'))}>
      {allowed.map((action) => (
        <Button key={action} size="small" variant="outlined" color={action === 'mark-paid' ? 'success' : 'error'} onClick={() => setAsking(action)}>
          {translate(k(`action.${action}`))}
        </Button>
      ))}
      <PromptDialog
        open={asking !== null}
        title={asking ? k(`action.${asking}`) : ''}
        description={asking ? k(`confirm.${asking}`) : undefined}
        label={k('reason')}
        required
        multiline
        maxLength={REASON_MAX}
        destructive={asking !== 'mark-paid'}
        onConfirm={(reason) => act(asking!, reason)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

/** The json column as the rows answer carries it (parsed, or its text on a driver that keeps it). */
function attemptsOf(value: unknown): Attempt[] {
  if (Array.isArray(value)) return value as Attempt[];
  if (typeof value !== 'string' || !value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Attempt[]) : [];
  } catch {
    return [];
  }
}

function attemptText(attempt: Attempt, translate: (key: string, options?: object) => string) {
  const answer = attempt.refused ? translate(k('attempt_refused'))
    : attempt.code ? translate(k('attempt_code'), { code: attempt.code })
      : translate(k('attempt_none'), { error: attempt.error ?? '' });
  const next = attempt.next ? ` · ${translate(k('attempt_next'), { time: formatEpoch(attempt.next, 'detailed') })}` : '';
  return `${formatEpoch(attempt.at, 'detailed')} · ${answer} · ${translate(k('attempt_ms'), { ms: attempt.ms })}${next}`;
}

export function Deliveries({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const canResend = usePermission()(ruleKey('POST', 'api/callbacks/resend'));
  const { data = [], isPending } = useGetManyReference(
    'callbacks',
    { target: 'orderId', id: record.id, pagination: STORY_PAGE, sort: { field: 'id', order: 'ASC' } },
    // While a callback waits to be sent, its next attempt shows here as it happens.
    { refetchInterval: (query) => (query.state.data?.data.some((row) => row.state === 'pending') ? WATCH_MS : false) },
  );

  async function resend(id: number) {
    try {
      const { msg } = await call('POST', 'callbacks/resend', { body: { id } });
      notify(msg, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  }

  return (
    <section aria-labelledby="order-deliveries">
      <Typography id="order-deliveries" variant="subtitle2" component="h3">{translate(k('deliveries'))}</Typography>
      {!isPending && data.length === 0 && <Typography variant="body2" color="text.secondary">{translate(k('no_deliveries'))}</Typography>}
      <List dense data-testid="order-deliveries">
        {data.map((row) => {
          const attempts = attemptsOf(row.attempts);
          return (
            <ListItem key={row.id} disableGutters sx={{ display: 'block' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" variant="outlined" label={choice(translate, 'state', row.state)} />
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{row.url}</Typography>
                {row.state === 'pending' && row.nextTime > 0 && (
                  <Typography variant="body2" color="text.secondary">{translate(k('attempt_next'), { time: formatEpoch(row.nextTime, 'detailed') })}</Typography>
                )}
                {canResend && <Button size="small" onClick={() => resend(row.id)}>{translate(k('resend'))}</Button>}
              </Stack>
              <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label={translate('resources.callbacks.fields.attempts')}>
                {attempts.map((attempt, i) => (
                  <Typography key={i} component="li" variant="body2" color="text.secondary">{attemptText(attempt, translate)}</Typography>
                ))}
              </Box>
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}

/** Below the order's fields: what happened to it and what an operator may still do. */
export function OrderStory({ record }: { record: RaRecord }) {
  const can = usePermission();
  const events = can(actionRule('order-events', 'rows'));
  const deliveries = can(actionRule('callbacks', 'rows'));
  const refunds = can(actionRule('refunds', 'rows'));
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="order-story">
      <Divider />
      <PayLinkPanel record={record} />
      <OrderActions record={record} />
      <MoneyActions record={record} />
      {events && <Timeline record={record} />}
      {refunds && <Refunds orderId={record.id} />}
      {deliveries && <Deliveries record={record} />}
    </Stack>
  );
}
