/**
 * An order's pay link as an operator hands it on: the link to copy, and its
 * QR code for a payer at a counter or on a video call, with "save as PNG" to
 * print it or send it as a picture. The QR code library loads only when a
 * code is drawn, so the lists never carry it.
 */
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { payLink } from '../../../schema/options';

/** Large enough for a phone camera across a counter; the PNG saved is this size too. */
const QR_PIXELS = 240;

/** The pay link of `tradeNo` on this site (the console's own origin and path). */
export const payLinkOf = (tradeNo: string) => payLink(window.location.origin + window.location.pathname.replace(/\/$/, ''), tradeNo);

/** A file name that says what the picture is and survives every file system. */
const pngName = (tradeNo: string) => `pay-link-${tradeNo.replace(/[^\w.-]+/g, '_')}.png`;

/** Copies the link; `true` when it reached the clipboard. */
export function useCopyPayLink(): (link: string) => Promise<boolean> {
  const notify = useNotify();
  return async (link) => {
    // Only secure pages get a clipboard: over plain http there is none to ask.
    if (!navigator.clipboard?.writeText) {
      notify('admin.copy.unsupported', { type: 'warning' });
      return false;
    }
    try {
      await navigator.clipboard.writeText(link);
      notify('admin.pay_link.copied', { type: 'success' });
      return true;
    } catch {
      notify('admin.pay_link.copy_failed', { type: 'error' });
      return false;
    }
  };
}

/** The link's QR code as a PNG data URL, or null while it is drawn. */
function useQrCode(text: string): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { width: QR_PIXELS, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => live && setImage({ text, url }), () => undefined);
    return () => void (live = false);
  }, [text]);
  return image?.text === text ? image.url : null;
}

/** The QR code of `link` and a button that saves it as a PNG named after the order. */
export function PayLinkQr({ link, tradeNo }: { link: string; tradeNo: string }) {
  const translate = useTranslate();
  const image = useQrCode(link);
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <Box
        component="img"
        src={image ?? undefined}
        alt={translate('admin.pay_link.qr_alt', { tradeNo })}
        data-testid="pay-link-qr"
        sx={{ width: 160, height: 160, border: 1, borderColor: 'divider', borderRadius: 1, visibility: image ? 'visible' : 'hidden' }}
      />
      <Button size="small" startIcon={<Download />} component="a" href={image ?? undefined} download={pngName(tradeNo)} disabled={!image}>
        {translate('admin.pay_link.save_png')}
      </Button>
    </Stack>
  );
}

/** The link as text beside its QR code, side by side on a wide screen and stacked on a phone. */
export function PayLinkWithQr({ link, tradeNo, actions }: { link: string; tradeNo: string; actions?: React.ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
      <PayLinkQr link={link} tradeNo={tradeNo} />
      <Stack spacing={1} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
        <Link href={link} target="_blank" rel="noopener" data-testid="pay-link" sx={{ wordBreak: 'break-all' }}>{link}</Link>
        {actions}
      </Stack>
    </Stack>
  );
}

/** In an order's dialog while it can be paid: its pay link, to copy or to show as a QR code. */
export function PayLinkPanel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const copy = useCopyPayLink();
  if (record.status !== 'pending' || !record.tradeNo) return null;
  const tradeNo = String(record.tradeNo);
  const link = payLinkOf(tradeNo);
  return (
    <section aria-labelledby="order-pay-link">
      <Typography id="order-pay-link" variant="subtitle2" component="h3" gutterBottom>{translate('admin.pay_link.section')}</Typography>
      <PayLinkWithQr
        link={link}
        tradeNo={tradeNo}
        actions={<Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy(link)}>{translate('admin.pay_link.copy')}</Button>}
      />
    </section>
  );
}
