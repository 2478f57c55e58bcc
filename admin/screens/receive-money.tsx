/**
 * Orders (issue 7, issue 19): the provider and payment method follow each
 * other and the currency, what was charged is read-only once money moved,
 * exceptions show beside the status with a "needs attention" switch, and
 * after creating one its pay link is offered for copying (handing it to
 * the payer is the next step), with its QR code; the dialog of an order
 * that can still be paid shows both. Width, amount rules, read-only status
 * and attachments come from the schema through the generated dialog.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { ScreenSlots } from './index';
import { StatusWithException } from './receive-money/ExceptionChip';
import { NeedsAttentionToggle } from './receive-money/NeedsAttention';
import { ChannelInput, ChargeInput, PayUrlInput, ShownWhenSet } from './receive-money/OrderInputs';
import { MoneyActions } from './receive-money/MoneyActions';
import { Deliveries, OrderActions, OrderStory } from './receive-money/OrderStory';
import { Timeline } from './receive-money/Timeline';
import { PayLinkPanel, PayLinkWithQr, payLinkOf, useCopyPayLink } from './receive-money/PayLink';
import { Refunds } from './receive-money/Refunds';
import { PayTypeInput } from './receive-money/PayTypeInput';
import { SettlementButton } from '../reports/SettlementButton';

/** The orders' own toolbar buttons: the "needs attention" switch and the settlement report. */
const OrdersToolbar = () => (
  <>
    <NeedsAttentionToggle />
    <SettlementButton />
  </>
);

function PayLinkOffer({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const copy = useCopyPayLink();
  const tradeNo = String(record.tradeNo);
  const link = payLinkOf(tradeNo);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('admin.pay_link.title')}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{translate('admin.pay_link.content')}</Typography>
        <PayLinkWithQr link={link} tradeNo={tradeNo} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('admin.pay_link.later')}</Button>
        <Button variant="contained" onClick={async () => (await copy(link)) && onClose()}>{translate('admin.pay_link.copy')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Written by the server (a checkout, an exception, refunds): shown in the dialog only once there is something. */
const SERVER_FACTS = ['openExceptions', 'exception', 'exceptionAmount', 'exceptionCurrency', 'refundedAmount', 'checkoutId', 'checkoutUrl', 'checkoutExpires'];

/** The look-up job's own schedule (it may name the next look, ahead of now): nothing an operator acts on. */
const Hidden = () => null;

const slots: ScreenSlots = {
  AfterCreate: PayLinkOffer,
  inputs: {
    amount: ChargeInput,
    currency: ChargeInput,
    channel: ChannelInput,
    payType: PayTypeInput,
    payUrl: PayUrlInput,
    ...Object.fromEntries(SERVER_FACTS.map((name) => [name, ShownWhenSet])),
    lookedUpTime: Hidden,
  },
  cells: { status: StatusWithException },
  ToolbarActions: OrdersToolbar,
  DialogPanel: OrderStory,
  // The order's page (schema `show`): its actions, its pay link beside the summary, its story in tabs.
  recordActions: { operator: OrderActions, money: MoneyActions },
  RecordAside: PayLinkPanel,
  panels: { 'order-events': Timeline, callbacks: Deliveries, refunds: ({ record }) => <Refunds orderId={record.id} /> },
};
export default slots;
