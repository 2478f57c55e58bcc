/**
 * The Payments tab of System settings (issue 31 item 9): a sub-tab per payment
 * provider, drawn from its declaration (`PAY_PROVIDER_SETTINGS`) and its
 * pay.toml section, so a provider added there appears here with no edit: its
 * secrets (blank, "set" when stored, a blank save keeps them), the notify URL
 * to paste into the provider's dashboard with the events to subscribe, test
 * or live mode as the server reads it from the key, and when its last verified
 * webhook arrived. Then the merchant callbacks: the site's signing secret,
 * rolled and shown once as a merchant's own is on the API keys screen, and
 * the timeout. A save forgets the console's providers, so a Stripe key saved
 * here makes Stripe orders possible at once.
 */
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { formatEpoch } from '../../../schema/dates';
import type { PayProvider } from '../../../schema/options';
import { ruleKey } from '../../../schema/rules';
import {
  fieldMeta, GENERATORS, PAY_PROVIDER_SETTINGS, SETTINGS, settingsLabelKey,
} from '../../../schema/settings';
import { call } from '../../api/http';
import { forgetProviders, useProviders } from '../../api/providers';
import { CodeBlock } from '../../layout/CodeBlock';
import { usePermission } from '../../permissions';
import { AskFirst, SecretPanel, ShownOnce } from '../../screens/api-keys/CallbackSecret';
import { SectionForm } from './SectionForm';
import { sectionSecrets, useRead, withSection, type MaskedFile, type MaskedSection, type Values } from './reads';

/** A sub-tab of Payments: a provider, or the merchant callbacks. */
export type PaymentUnit = PayProvider | 'callback';
export const PAYMENT_UNITS: PaymentUnit[] = [...(Object.keys(PAY_PROVIDER_SETTINGS) as PayProvider[]), 'callback'];
const sectionOf = (unit: PaymentUnit) => (unit === 'callback' ? unit : PAY_PROVIDER_SETTINGS[unit].section);
export const paymentUnitLabel = (unit: PaymentUnit) => `settings.sections.pay.${sectionOf(unit)}`;

const k = (key: string) => `admin.screens.settings.payments.${key}`;
const TOML_WRITE = ruleKey('PUT', 'api/toml/:file-:section');
const WEBHOOKS_READ = ruleKey('GET', 'api/receive-money/webhooks');

/** Where a provider's notifications come in, as its dashboard must be told. */
export const notifyUrl = (section: string) => `${window.location.origin}/api/receive-money/notify/${section}`;

/** pay.toml as read, and a save that folds the stored section back in and tells every reader of the providers. */
function usePaySettings() {
  const [masked, setMasked] = useRead<MaskedFile>('toml/pay');
  async function save(section: string, values: Values) {
    const { data } = await call<MaskedSection>('PUT', `toml/pay-${section}`, { body: values });
    // A key set or changed decides at once whether the provider takes orders, and whether the console reads "test mode".
    forgetProviders();
    setMasked((before) => before && withSection(before, section, data));
  }
  return { masked, save };
}

export function PaymentsUnit({ unit }: { unit: PaymentUnit }) {
  return unit === 'callback' ? <CallbackSettings /> : <ProviderSettings provider={unit} />;
}

function ProviderSettings({ provider }: { provider: PayProvider }) {
  const can = usePermission();
  const { masked, save } = usePaySettings();
  const { section } = PAY_PROVIDER_SETTINGS[provider];
  if (!masked) return null;
  return (
    <SectionForm
      titleKey={paymentUnitLabel(provider)}
      schema={SETTINGS.pay.shape[section]}
      values={masked.values[section] ?? {}}
      labelKey={(field) => settingsLabelKey('pay', section, field)}
      secrets={sectionSecrets(masked, section)}
      save={can(TOML_WRITE) ? (values) => save(section, values) : undefined}
    >
      <ProviderFacts provider={provider} secrets={sectionSecrets(masked, section)} />
    </SectionForm>
  );
}

/** Whether it takes orders and in which mode, where its webhooks go and which to send, and whether they come. */
function ProviderFacts({ provider, secrets }: { provider: PayProvider; secrets: Record<string, boolean> }) {
  const translate = useTranslate();
  const declared = PAY_PROVIDER_SETTINGS[provider];
  const state = useProviders()?.find((p) => p.name === provider);
  const set = Object.values(secrets);
  const setUp = set.every(Boolean) ? 'set_up' : set.some(Boolean) ? 'incomplete' : 'not_set_up';
  const mode = declared.testMode && state?.ready ? (state.testMode ? 'test' : 'live') : null;
  const url = notifyUrl(declared.section);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="provider-state">
        <Chip size="small" label={translate(k(setUp))} color={setUp === 'set_up' ? 'success' : setUp === 'incomplete' ? 'warning' : 'default'} variant="outlined" />
        {mode && <Chip size="small" label={translate(k(`mode_${mode}`))} color={mode === 'test' ? 'warning' : 'success'} />}
      </Stack>
      <Box>
        <Typography variant="subtitle2" component="h3" id={`notify-url-${declared.section}`}>{translate(k('webhook_url'))}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>{translate(k('webhook_url_hint'))}</Typography>
        <CodeBlock text={url} label={translate(k('webhook_url'))} wrap />
      </Box>
      {declared.events && (
        <Box>
          <Typography variant="subtitle2" component="h3">{translate(k('events'))}</Typography>
          <Box component="ul" aria-label={translate(k('events'))} sx={{ m: 0, pl: 2.5 }}>
            {declared.events.map((event) => (
              <Typography component="li" variant="body2" key={event} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{event}</Typography>
            ))}
          </Box>
        </Box>
      )}
      {declared.dashboard && (
        <Link href={declared.dashboard} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, width: 'fit-content' }}>
          {translate(k('dashboard'))}<OpenInNew sx={{ fontSize: 16 }} aria-hidden />
        </Link>
      )}
      <LastWebhook channel={declared.section} />
    </Box>
  );
}

/** When the last verified notification of this channel arrived: the proof that the dashboard was told the right URL and secret. */
function LastWebhook({ channel }: { channel: string }) {
  const translate = useTranslate();
  const can = usePermission();
  const allowed = can(WEBHOOKS_READ);
  const [last, setLast] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    call<Array<{ channel: string; lastTime: number }>>('GET', 'receive-money/webhooks').then(
      ({ data }) => live && setLast(data.find((row) => row.channel === channel)?.lastTime ?? 0),
      () => undefined,
    );
    return () => void (live = false);
  }, [allowed, channel]);
  if (last === null) return null;
  return (
    <Typography variant="body2" data-testid="last-webhook">
      {last ? translate(k('last_webhook'), { time: formatEpoch(last, 'detailed') }) : translate(k('no_webhook'))}
    </Typography>
  );
}

/** The site's callback secret (for merchants without their own) and how long a merchant's server may take to answer. */
function CallbackSettings() {
  const can = usePermission();
  const { masked, save } = usePaySettings();
  if (!masked) return null;
  const stored = masked.values.callback ?? {};
  // The secret has its own panel: a blank one sent with the timeout keeps it.
  const schema = SETTINGS.pay.shape.callback.omit({ secret: true }) as z.ZodObject;
  const writable = can(TOML_WRITE);
  return (
    <>
      <SiteCallbackSecret set={Boolean(masked.secrets['callback.secret'])} roll={writable ? (secret) => save('callback', { ...stored, secret }) : undefined} />
      <SectionForm
        titleKey={paymentUnitLabel('callback')}
        schema={schema}
        values={stored}
        labelKey={(field) => settingsLabelKey('pay', 'callback', field)}
        save={writable ? (values) => save('callback', values) : undefined}
      />
    </>
  );
}

/** Rolled as a merchant's own secret is: asked first, made new, shown once with a copy button. */
function SiteCallbackSecret({ set, roll }: { set: boolean; roll?: (secret: string) => Promise<void> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  // The field's own generator (schema/settings.ts), whose secrets its rules accept.
  const generator = fieldMeta(SETTINGS.pay.shape.callback.shape.secret).generate;
  const fresh = generator && GENERATORS[generator];

  async function act() {
    setBusy(true);
    try {
      const secret = fresh!();
      await roll!(secret);
      notify('settings.saved', { type: 'success' });
      setAsking(false);
      setShown(secret);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SecretPanel id="site-callback-secret-title" title={translate(k('site_secret'))} text={translate(k('site_secret_text'))}>
      <Typography variant="body2" sx={{ mb: 1 }}>{translate(k(set ? 'site_secret_set' : 'site_secret_unset'))}</Typography>
      {roll && fresh && <Button size="small" variant="outlined" onClick={() => setAsking(true)}>{translate(k('roll'))}</Button>}
      <AskFirst
        open={asking} title={translate(k('roll_title'))} text={translate(k('roll_confirm'))} action={translate(k('roll'))}
        color="warning" busy={busy} onConfirm={act} onClose={() => setAsking(false)}
      />
      <ShownOnce secret={shown} title={translate(k('site_secret'))} label={translate(k('site_secret'))} note={translate(k('shown_once'))} onClose={() => setShown(null)} />
    </SecretPanel>
  );
}
