/**
 * One form input per field, chosen by the schema's `widget` (nothing about a
 * field is written twice), validated by the field's own zod `input`.
 */
import type { ComponentType } from 'react';
import {
  AutocompleteArrayInput, AutocompleteInput, BooleanInput, DateTimeInput, NumberInput, PasswordInput, ReferenceArrayInput,
  ReferenceInput, SelectInput, TextInput, useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Field } from '../../schema/define';
import { titleText, useReferenceTitle } from '../references';
import { fieldLabel, optionKey } from '../schema';
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

/** A reference nobody may change here reads as its row's title; no choices are fetched for it. */
function ReadOnlyReference({ reference, ...common }: { reference: string; source: string; label: string; disabled: boolean; fullWidth: boolean }) {
  const title = useReferenceTitle(reference, Number(useWatch({ name: common.source })) || 0);
  return <TextInput {...common} format={() => title} />;
}

/** How many characters of the field's limit a text holds, shown while typing (not only after Save). */
function LengthCounter({ source, max }: { source: string; max: number }) {
  const translate = useTranslate();
  const value = useWatch({ name: source });
  const count = typeof value === 'string' ? [...value].length : 0;
  return <span data-testid={`length-${source}`}>{translate('admin.view.chars', { count, max })}</span>;
}

/** The limit a text input counts against: its declared length (a long text's hard limit is no help to show). */
const lengthLimit = (field: Field) => (field.column.type === 'varchar' && field.column.length && field.column.length <= 1024 ? field.column.length : undefined);

/** A picker's typed text searches the other table's keyword box (`q`). */
const searchText = (q: string) => (q ? { q } : {});

const validateJson = (value: unknown) => (typeof value === 'string' && value.trim() ? { message: 'validation.json', args: {} } : undefined);

export function FieldInput({ resource, name, field, isNew, locked = false, Override }: Props) {
  const translate = useTranslate();
  const label = translate(fieldLabel(resource, name));
  const disabled = field.readOnly || locked;
  const validate = disabled ? undefined : validatorFor(field);
  const common = { source: name, label, disabled, validate, fullWidth: true };
  if (Override) return <Override source={name} label={label} disabled={disabled} />;
  const max = lengthLimit(field);
  const counter = max && !disabled ? <LengthCounter source={name} max={max} /> : undefined;

  switch (field.widget) {
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} helperText={counter} />;
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
    case 'ref':
      if (disabled) return <ReadOnlyReference reference={field.ref!} source={name} label={label} disabled fullWidth />;
      return (
        <ReferenceInput source={name} reference={field.ref!} perPage={50}>
          <AutocompleteInput
            label={label} validate={validate} optionText={titleText(field.ref!)} filterToQuery={searchText}
            format={(v: unknown) => (Number(v) ? v : null)} fullWidth
          />
        </ReferenceInput>
      );
    case 'ids':
      return (
        <ReferenceArrayInput source={name} reference={field.ref!} format={idsFromPipes} parse={idsToPipes} perPage={50}>
          <AutocompleteArrayInput label={label} disabled={disabled} optionText={titleText(field.ref!)} filterToQuery={searchText} fullWidth />
        </ReferenceArrayInput>
      );
    default:
      return <TextInput {...common} helperText={counter} />;
  }
}
