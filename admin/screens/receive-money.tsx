/**
 * Orders (issue 7): the payment channel follows the currency, and after
 * creating one its pay link is offered (SPEC §4 "saving a new order offers to
 * copy the pay link"). Width, amount rules, read-only status and attachments
 * come from the schema through the generated dialog.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { payLink } from '../../schema/options';
import type { ScreenSlots } from './index';
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

const slots: ScreenSlots = { AfterCreate: PayLinkOffer, inputs: { payType: PayTypeInput }, DialogPanel: OrderStory };
export default slots;
