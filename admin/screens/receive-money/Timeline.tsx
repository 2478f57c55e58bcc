/**
 * An order's timeline: every move of its status and of its money, oldest
 * first. A refund reads as what it was ("Refund $20.00 (partial)", "(full)",
 * "failed") rather than the status it left unchanged or moved ("Paid → Paid").
 */
import { Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useGetManyReference, useLocale, useTranslate, type RaRecord } from 'react-admin';
import { formatEpoch } from '../../../schema/dates';
import { formatMoney } from '../../../schema/money';
import { orderEvents, receiveMoney } from '../../../schema/index';
import { renderCell } from '../../list/cells';
import { optionKey } from '../../schema';

/** More than any order gathers: a transition happens at most a few times. */
const STORY_PAGE = { page: 1, perPage: 50 };
const k = (key: string) => `admin.screens.receive-money.${key}`;
type Translate = (key: string, options?: object) => string;

/** An order's status as the orders list shows it: the status field's label and colour. */
function StatusChip({ status }: { status: string }) {
  return renderCell('status', receiveMoney.fields.status, status, useTranslate(), 'detailed');
}

/** The exception an event flagged, in its colour. */
function ExceptionLabel({ value }: { value: string }) {
  const translate = useTranslate();
  const field = orderEvents.fields.exception;
  const color = field.colors?.[value];
  return <Chip size="small" label={translate(optionKey('exception', field, value), { _: value })} sx={color ? { color: '#fff', bgcolor: color } : undefined} />;
}

/**
 * An action's buttons leave with the state they act on (a pending status, an
 * exception, money left to refund), and the focus the used one held would
 * fall out of the dialog (a keyboard user lost, Escape unheard): it goes to
 * the timeline instead, where the new event shows.
 */
function useFocusAfterActions(state: string) {
  const target = useRef<HTMLHeadingElement>(null);
  const was = useRef(state);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (was.current !== state && lost) target.current?.focus();
    was.current = state;
  }, [state]);
  return target;
}

/** What a refund's event says: failed (its refund row says so), sent back an exception's money, or gave back part or all of the payment. */
function refundWords(event: RaRecord, refundState: string | undefined, translate: Translate, locale: string): string {
  const amount = formatMoney(Number(event.amount), String(event.currency ?? ''), locale);
  const kind = refundState === 'failed' ? 'failed' : event.exception ? 'exception' : event.toStatus === 'refunded' ? 'full' : 'partial';
  return translate(k(`timeline_refund.${kind}`), { amount });
}

export function Timeline({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const locale = useLocale();
  const heading = useFocusAfterActions(`${record.status}|${record.exception ?? ''}|${record.openExceptions ?? 0}|${record.refundedAmount ?? 0}`);
  const { data = [], isPending } = useGetManyReference('order-events', { target: 'orderId', id: record.id, pagination: STORY_PAGE, sort: { field: 'id', order: 'ASC' } });
  const hasRefunds = data.some((event) => Number(event.refundId) > 0);
  // The same read as the refunds panel (one request between them): a refund's state tells its failure from its success.
  const { data: refunds = [] } = useGetManyReference(
    'refunds', { target: 'orderId', id: record.id, pagination: STORY_PAGE, sort: { field: 'id', order: 'ASC' } }, { enabled: hasRefunds },
  );
  const refundState = new Map(refunds.map((refund) => [Number(refund.id), String(refund.state)]));
  return (
    <section aria-labelledby="order-timeline">
      <Typography ref={heading} tabIndex={-1} id="order-timeline" variant="subtitle2" component="h3">{translate(k('timeline'))}</Typography>
      {!isPending && data.length === 0 && <Typography variant="body2" color="text.secondary">{translate(k('no_events'))}</Typography>}
      <List dense data-testid="order-timeline">
        {data.map((event) => {
          const refund = event.source === 'refund' && Number(event.refundId) > 0;
          return (
            <ListItem key={event.id} disableGutters>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{formatEpoch(event.createTime, 'detailed')}</span>
                    {refund ? <strong>{refundWords(event, refundState.get(Number(event.refundId)), translate, locale)}</strong> : (
                      <>
                        <StatusChip status={event.fromStatus} />
                        <span aria-hidden>→</span>
                        <StatusChip status={event.toStatus} />
                      </>
                    )}
                    {!refund && <span>{translate(optionKey('source', orderEvents.fields.source, event.source), { _: event.source })}</span>}
                    {event.exception && <ExceptionLabel value={event.exception} />}
                  </Stack>
                }
                secondary={[
                  event.reason,
                  event.reference && `${translate('resources.order-events.fields.reference')}: ${event.reference}`,
                  !refund && event.currency && formatMoney(Number(event.amount), String(event.currency), locale),
                  event.source === 'operator' ? translate(k('by_user'), { uid: event.actor }) : event.source === 'notify' ? translate(`options.notifyChannel.${event.actor}`, { _: event.actor }) : '',
                ].filter(Boolean).join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
