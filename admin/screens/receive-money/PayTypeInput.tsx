/**
 * The order's payment method: only those its provider takes in the chosen
 * currency are offered, and one the new currency or provider lacks is
 * cleared at once rather than saved against the wrong one. Fixed, like the
 * amount, once the order was paid or has a checkout.
 */
import { useEffect } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { validatorFor } from '../../form/validation';
import { getResource, optionKey } from '../../schema';
import { channelsOf, keptChannel } from './channels';
import { chargeFrozen } from './frozen';
import { useOrderState } from './OrderInputs';

export function PayTypeInput({ source, label, disabled }: { source: string; label: string; disabled: boolean }) {
  const translate = useTranslate();
  const field = getResource('receive-money').fields[source]!;
  const [currency, channel] = useWatch({ name: ['currency', 'channel'] }) as unknown[];
  const { getValues, setValue } = useFormContext();
  const frozen = chargeFrozen(useOrderState());
  const payTypes = channelsOf(currency, channel);

  useEffect(() => {
    if (frozen) return;
    const current = getValues(source);
    const kept = keptChannel(current, currency, channel);
    if (kept !== (current ?? '')) setValue(source, kept, { shouldDirty: true });
  }, [currency, channel, frozen, source, getValues, setValue]);

  const choice = (value: string) => translate(optionKey(source, field, value), { _: value });
  const off = disabled || frozen;
  return (
    <SelectInput
      source={source}
      label={label}
      disabled={off || payTypes.length === 0}
      validate={off ? undefined : validatorFor(field)}
      choices={payTypes.map((value) => ({ id: value, name: choice(value) }))}
      translateChoice={false}
      emptyValue=""
      emptyText={choice('')}
      helperText={payTypes.length === 0 && !off ? translate('admin.screens.receive-money.no_channel') : false}
      fullWidth
    />
  );
}
