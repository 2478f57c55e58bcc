/**
 * The order form's own inputs: the provider (channel) with its default, the
 * fields that freeze once money moved, the pay link only where the creator
 * gives one, and the provider's read-only facts only when there are some.
 */
import { useEffect } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAY_PROVIDERS, takesPayLink } from '../../../schema/options';
import { isReady, takesCurrency, useProviders } from '../../api/providers';
import { FieldInput } from '../../form/FieldInput';
import { getResource, optionKey } from '../../schema';
import { chargeFrozen, payUrlFrozen, type OrderState } from './frozen';

type InputProps = { source: string; label: string; disabled: boolean };

const orders = () => getResource('receive-money');

export function useOrderState(): OrderState {
  const [id, status, checkoutId] = useWatch({ name: ['id', 'status', 'checkoutId'] }) as unknown[];
  return { id, status, checkoutId };
}

/** The schema's own input for the field, read-only when `locked`. */
function Generated({ source, locked }: { source: string; locked: boolean }) {
  const order = useOrderState();
  const isNew = order.id === undefined || order.id === null;
  return <FieldInput resource="receive-money" name={source} field={orders().fields[source]!} isNew={isNew} locked={locked} />;
}

/** Amount and currency: editable until the order is paid or has a checkout. */
export function ChargeInput({ source }: InputProps) {
  return <Generated source={source} locked={chargeFrozen(useOrderState())} />;
}

/** The payer's link to an outside gateway: a provider order's link is the checkout Paydesk makes on the pay click. */
export function PayUrlInput({ source }: InputProps) {
  const order = useOrderState();
  const channel = useWatch({ name: 'channel' });
  // A provider's checkout is made on the pay click; only a channel that declares so takes a link from its creator.
  if (channel && !takesPayLink(channel)) return null;
  return <Generated source={source} locked={payUrlFrozen(order)} />;
}

/** Facts the server writes (a checkout, an exception, a refunded sum): shown for a stored order that has them, not as empty boxes. */
export function ShownWhenSet({ source }: InputProps) {
  const value = useWatch({ name: source });
  if (value === undefined || value === null || value === '' || value === 0) return null;
  return <Generated source={source} locked />;
}

/** The provider: Stripe once a Stripe key is set (new orders start there), else the manual pay link. */
export function ChannelInput({ source, label }: InputProps) {
  const translate = useTranslate();
  const providers = useProviders();
  const order = useOrderState();
  const frozen = chargeFrozen(order);
  const isNew = order.id === undefined || order.id === null;
  const current = useWatch({ name: source });
  const { setValue, getFieldState } = useFormContext();
  const stripeReady = isReady(providers, 'stripe');

  useEffect(() => {
    if (isNew && stripeReady && !getFieldState(source).isDirty) setValue(source, 'stripe');
  }, [isNew, stripeReady, source, getFieldState, setValue]);

  const currency = useWatch({ name: 'currency' });
  const field = orders().fields[source]!;
  // Only the providers that take the order's currency are offered (PayPal takes no IDR); one already chosen stays readable.
  const offered = PAY_PROVIDERS.filter((name) => name === current || takesCurrency(providers, name, currency));
  const choices = offered.map((name) => ({
    id: name,
    name: translate(optionKey(source, field, name), { _: name }),
    // A provider without its keys cannot take an order; one already chosen stays readable.
    disabled: !isReady(providers, name) && name !== current,
  }));
  return <SelectInput source={source} label={label} choices={choices} translateChoice={false} disabled={frozen} fullWidth />;
}
