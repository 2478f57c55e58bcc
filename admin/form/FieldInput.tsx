/**
 * One form input per field, chosen by the schema's `widget` (DESIGN "The
 * resource schema"), validated by the field's own zod `input`.
 */
import type { ComponentType } from 'react';
import {
  AutocompleteArrayInput, BooleanInput, DateTimeInput, NumberInput, PasswordInput, ReferenceArrayInput,
  SelectInput, TextInput, useTranslate, type RaRecord,
} from 'react-admin';
import type { Field } from '../../schema/define';
import { fieldLabel, getResource, optionKey } from '../schema';
import { FilesInput, ImageUrlInput } from './uploads';
import { dateTimeLocalToEpoch, epochToDateTimeLocal, jsonFormat, jsonParse } from './inputValues';
import { idsFromPipes, idsToPipes, validatorFor } from './validation';

interface Props {
  resource: string;
  name: string;
  field: Field;
  isNew: boolean;
  /** The row is locked and this field is one of the schema's `locked`. */
  locked?: boolean;
  /** A screen slot's input that replaces the generated one. */
  Override?: ComponentType<{ source: string; label: string; disabled: boolean }>;
}

/** What a picked record reads as: the referenced resource's `title` field, or its id where it has none. */
const recordText = (reference: string) => {
  const title = getResource(reference).title;
  return (record: RaRecord) => String((title && record[title]) || `#${record.id}`);
};

const validateJson = (value: unknown) => (typeof value === 'string' && value.trim() ? { message: 'validation.json', args: {} } : undefined);

export function FieldInput({ resource, name, field, isNew, locked = false, Override }: Props) {
  const translate = useTranslate();
  const label = translate(fieldLabel(resource, name));
  const disabled = field.readOnly || locked;
  const validate = disabled ? undefined : validatorFor(field);
  const common = { source: name, label, disabled, validate, fullWidth: true };
  if (Override) return <Override source={name} label={label} disabled={disabled} />;

  switch (field.widget) {
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} />;
    case 'password':
      return <PasswordInput {...common} helperText={isNew ? false : 'admin.form.password_keep'} autoComplete="new-password" />;
    case 'number':
      return <NumberInput {...common} step={field.decimals ? 10 ** -field.decimals : 1} />;
    case 'select':
      return (
        <SelectInput
          {...common}
          emptyValue=""
          choices={(field.options ?? []).filter((v) => v !== '').map((v) => ({ id: v, name: translate(optionKey(name, field, v), { _: v }) }))}
          translateChoice={false}
        />
      );
    case 'switch':
      return <BooleanInput {...common} format={(v: unknown) => Boolean(Number(v))} parse={(v: boolean) => (v ? 1 : 0)} />;
    case 'date':
      return <DateTimeInput {...common} format={epochToDateTimeLocal} parse={dateTimeLocalToEpoch} />;
    case 'image':
      return <ImageUrlInput source={name} label={label} disabled={disabled} validate={validate} />;
    case 'files':
      return <FilesInput source={name} label={label} disabled={disabled} />;
    case 'json':
      return <TextInput {...common} multiline minRows={4} format={jsonFormat} parse={jsonParse} validate={disabled ? undefined : validateJson} sx={{ '& textarea': { fontFamily: 'monospace' } }} />;
    case 'ids':
      return (
        <ReferenceArrayInput source={name} reference={field.ref!} format={idsFromPipes} parse={idsToPipes} perPage={50}>
          <AutocompleteArrayInput label={label} disabled={disabled} optionText={recordText(field.ref!)} filterToQuery={(q: string) => (q ? { q } : {})} fullWidth />
        </ReferenceArrayInput>
      );
    default:
      return <TextInput {...common} />;
  }
}
