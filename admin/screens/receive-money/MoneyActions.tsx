/**
 * What an operator does with money that already moved: refund a paid order
 * (all or part of what is left), and settle each open exception of the order
 * on its own (one per payment that did not fit) by accepting the money (the
 * order is completed with it) or giving it back. Each button shows only to a
 * caller holding its rule; each asks a reason.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetManyReference, useLocale, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatMoney } from '../../../schema/money';
import { ruleKey } from '../../../schema/rules';
import { call } from '../../api/http';
import { PromptDialog } from '../../form/PromptDialog';
import { usePermission } from '../../permissions';
import { actionRule } from '../../schema';
import { ExceptionChip } from './ExceptionChip';
import { RefundDialog } from './RefundDialog';
import { canRefund, refundLeft } from './refundRules';

const REASON_MAX = 256;
/** 128 random bits as hex: crypto.randomUUID exists only on https and localhost, and a console may be served over plain http. */
const randomKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
const k = (key: string) => `admin.screens.receive-money.${key}`;
type Resolution = 'accept' | 'refund';

/** Posts an order action, tells its answer, and refreshes what shows the order; a refusal is told and rethrown so the dialog stays. */
function useOrderCall() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (route: string, body: Record<string, unknown>, idempotencyKey?: string) => {
    try {
      const { msg } = await call('POST', route, { body, idempotencyKey });
      notify(msg, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      throw error;
    }
  };
}

function RefundAction({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const locale = useLocale();
  const send = useOrderCall();
  const [open, setOpen] = useState(false);
  // One key per opening of the dialog: confirming again after a lost answer resumes that refund instead of making a second.
  const [attempt, setAttempt] = useState('');
  const currency = String(record.currency ?? '');
  const left = refundLeft(record);
  return (
    <>
      <Button size="small" variant="outlined" color="error" onClick={() => { setAttempt(randomKey()); setOpen(true); }}>{translate(k('refund.button'))}</Button>
      {Number(record.refundedAmount) > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate(k('refund.refunded_so_far'), { amount: formatMoney(Number(record.refundedAmount), currency, locale) })}
        </Typography>
      )}
      <RefundDialog
        open={open}
        currency={currency}
        left={left}
        onConfirm={(amount, reason) => send('receive-money/refund', { id: record.id, amount, reason }, `console-${attempt}`)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** `names`: which exception (its id, or the order's when the caller cannot list exceptions and it holds one). */
function ResolveActions({ names, kind }: { names: { exceptionId: unknown } | { id: unknown }; kind: string }) {
  const translate = useTranslate();
  const send = useOrderCall();
  const [asking, setAsking] = useState<Resolution | null>(null);
  return (
    <>
      {/* Money in another currency cannot count as the order's payment: it can only go back. */}
      {kind !== 'wrong_currency' && (
        <Button size="small" variant="outlined" color="success" onClick={() => setAsking('accept')}>{translate(k('resolve.accept'))}</Button>
      )}
      <Button size="small" variant="outlined" color="error" onClick={() => setAsking('refund')}>{translate(k('resolve.refund'))}</Button>
      <PromptDialog
        open={asking !== null}
        title={asking ? k(`resolve.${asking}`) : ''}
        description={asking ? k(`resolve.confirm_${asking}`) : undefined}
        label={k('reason')}
        required
        multiline
        maxLength={REASON_MAX}
        destructive={asking === 'refund'}
        onConfirm={(reason) => send('receive-money/resolve', { ...names, action: asking, reason })}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

const OPEN_PAGE = { page: 1, perPage: 50 };

/** The order's open exceptions, each with its kind, amount and currency, and the buttons that settle that one. */
function OpenExceptions({ record, resolve }: { record: RaRecord; resolve: boolean }) {
  const translate = useTranslate();
  const readable = usePermission()(actionRule('order-exceptions', 'rows'));
  const { data = [] } = useGetManyReference(
    'order-exceptions',
    { target: 'orderId', id: record.id, filter: { state: 'open' }, pagination: OPEN_PAGE, sort: { field: 'id', order: 'ASC' } },
    { enabled: readable },
  );
  // Without the exceptions' own rule the order's summary is all there is: its newest, settled by the order while it is the only one.
  if (!readable) {
    return (
      <>
        <ExceptionChip record={record} withAmount />
        {resolve && Number(record.openExceptions) <= 1 && <ResolveActions names={{ id: record.id }} kind={String(record.exception)} />}
      </>
    );
  }
  return (
    <Box component="ul" aria-label={translate(k('open_exceptions'))} data-testid="open-exceptions" sx={{ listStyle: 'none', p: 0, m: 0, flexBasis: '100%', display: 'grid', gap: 1 }}>
      {data.map((e) => (
        <Stack component="li" key={e.id} direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }} data-testid="open-exception">
          <ExceptionChip record={{ id: e.id, exception: e.kind, exceptionAmount: e.amount, exceptionCurrency: e.currency }} withAmount />
          {resolve && <ResolveActions names={{ exceptionId: e.id }} kind={String(e.kind)} />}
        </Stack>
      ))}
    </Box>
  );
}

/** The open exceptions with their buttons and the refund button the caller may use; nothing when neither applies. */
export function MoneyActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const can = usePermission();
  const exception = Boolean(record.exception);
  const refund = canRefund(record) && can(ruleKey('POST', 'api/receive-money/refund'));
  const resolve = exception && can(ruleKey('POST', 'api/receive-money/resolve'));
  if (!exception && !refund) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }} role="group" aria-label={translate(k('money_actions'))}>
      {exception && <OpenExceptions record={record} resolve={resolve} />}
      {refund && !exception && <RefundAction record={record} />}
    </Stack>
  );
}
