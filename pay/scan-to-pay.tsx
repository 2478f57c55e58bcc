/**
 * "Scan to pay on your phone": a payer who opened the pay link on a computer
 * sees its QR code and can finish on the phone that holds the wallet. Only a
 * wide screen (768 px and up) shows it, and only there is the QR code library
 * downloaded: a payer already on a phone never pays for it.
 */
import { useEffect, useState } from 'react';
import { useT } from './i18n';

const WIDE_SCREEN = '(min-width: 768px)';
/** Drawn at twice its CSS size, so it stays sharp on a high-density screen. */
const QR_PIXELS = 320;

function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => matchMedia(WIDE_SCREEN).matches);
  useEffect(() => {
    const query = matchMedia(WIDE_SCREEN);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/** The QR code of this page's own link (as the payer sees it in the address bar). */
export function ScanToPay() {
  const t = useT();
  const wide = useWideScreen();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!wide || image) return;
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(location.href, { width: QR_PIXELS, margin: 2, errorCorrectionLevel: 'M' }))
      // Without a code the page is still whole: the pay button works on this screen too.
      .then((url) => live && setImage(url), () => undefined);
    return () => void (live = false);
  }, [wide, image]);
  if (!wide || !image) return null;
  return (
    <section className="scan-to-pay" aria-labelledby="scan-to-pay">
      <h2 id="scan-to-pay">{t('pay.scan_to_pay')}</h2>
      <img src={image} alt={t('pay.scan_qr_alt')} width={160} height={160} data-testid="scan-to-pay-qr" />
    </section>
  );
}
