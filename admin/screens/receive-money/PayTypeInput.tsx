/**
 * The order's payment channel: only the channels of the chosen currency are
 * offered, and a channel the new currency lacks is cleared at once rather than
 * saved against the wrong currency.
 */
import { useEffect } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { validatorFor } from '../../form/validation';
import { getResource, optionKey } from '../../schema';
import { channelsOf, keptChannel } from './channels';

export function PayTypeInput({ source, label, disabled }: { source: string; label: string; disabled: boolean }) {
  const translate = useTranslate();
  const field = getResource('receive-money').fields[source]!;
  const currency = useWatch({ name: 'currency' });
  const { getValues, setValue } = useFormContext();
  const channels = channelsOf(currency);

  useEffect(() => {
    const current = getValues(source);
    const kept = keptChannel(current, currency);
    if (kept !== (current ?? '')) setValue(source, kept, { shouldDirty: true });
  }, [currency, source, getValues, setValue]);

  const choice = (value: string) => translate(optionKey(source, field, value), { _: value });
  return (
    <SelectInput
      source={source}
      label={label}
      disabled={disabled || channels.length === 0}
      validate={disabled ? undefined : validatorFor(field)}
      choices={channels.map((value) => ({ id: value, name: choice(value) }))}
      translateChoice={false}
      emptyValue=""
      emptyText={choice('')}
      helperText={channels.length === 0 ? translate('admin.screens.receive-money.no_channel') : false}
      fullWidth
    />
  );
}
