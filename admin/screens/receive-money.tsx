/**
 * Orders (issue 7, issue 19): the provider and payment method follow each
 * other and the currency, what was charged is read-only once money moved,
 * exceptions show beside the status with a "needs attention" switch, and
 * after creating one its pay link is offered for copying, since handing it
 * to the payer is the next step. Width, amount rules, read-only status and
 * attachments come from the schema through the generated dialog.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { payLink } from '../../schema/options';
import type { ScreenSlots } from './index';
import { StatusWithException } from './receive-money/ExceptionChip';
import { NeedsAttentionToggle } from './receive-money/NeedsAttention';
import { ChannelInput, ChargeInput, PayUrlInput, ShownWhenSet } from './receive-money/OrderInputs';
import { OrderStory } from './receive-money/OrderStory';
import { PayTypeInput } from './receive-money/PayTypeInput';

function PayLinkOffer({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const link = payLink(window.location.origin + window.location.pathname.replace(/\/$/, ''), String(record.tradeNo));

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      notify('admin.pay_link.copied', { type: 'success' });
      onClose();
    } catch {
      notify('admin.pay_link.copy_failed', { type: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('admin.pay_link.title')}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{translate('admin.pay_link.content')}</Typography>
        <Link href={link} target="_blank" rel="noopener" data-testid="pay-link" sx={{ wordBreak: 'break-all' }}>{link}</Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('admin.pay_link.later')}</Button>
        <Button variant="contained" onClick={copy}>{translate('admin.pay_link.copy')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Written by the server (a checkout, an exception, refunds): shown in the dialog only once there is something. */
const SERVER_FACTS = ['exception', 'exceptionAmount', 'exceptionCurrency', 'refundedAmount', 'checkoutId', 'checkoutUrl', 'checkoutExpires'];

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
  ToolbarActions: NeedsAttentionToggle,
  DialogPanel: OrderStory,
};
export default slots;
