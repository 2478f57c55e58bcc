/**
 * One saved unit of the settings page (a config row, a settings section): a
 * titled card with the schema's inputs and a save button. The server's field
 * errors (400 `data.errors: [{field, message, params}]`) land on their inputs.
 */
import { Card, CardActions, CardContent, CardHeader } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Form, SaveButton, useNotify, useTranslate } from 'react-admin';
import type { FieldError } from '../../../schema/issues';
import { ApiError } from '../../api/http';
import { SchemaInputs, type SchemaInputsProps } from './SchemaInputs';

type Values = Record<string, unknown>;

export interface SectionFormProps extends Omit<SchemaInputsProps, 'disabled'> {
  /** i18n key of the card's title. */
  titleKey: string;
  values: Values;
  /** Stores the values; throws the server's ApiError. Absent: the caller may not save. */
  save?: (values: Values) => Promise<void>;
  /** The server names fields under this prefix (`value.` for a config row). */
  errorPrefix?: string;
  /** More buttons beside save. */
  actions?: ReactNode;
  /** What the card shows above its inputs (a provider's webhook address and state). */
  children?: ReactNode;
}

/**
 * The values to send: the stored ones with the form's over them. A disabled
 * input leaves its field undefined (react-hook-form), so the stored value
 * stays; a cleared optional input (null) leaves the field out.
 */
function overlay(stored: Values, edited: Values): Values {
  const out: Values = { ...stored };
  for (const [key, value] of Object.entries(edited)) {
    if (value === undefined) continue;
    const before = stored[key];
    if (value === null) delete out[key];
    else if (isObject(value) && isObject(before)) out[key] = overlay(before, value);
    else out[key] = value;
  }
  return out;
}
const isObject = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** react-admin's format for a message with arguments, which its inputs translate with `%{min}`/`%{max}`. */
const withArgs = (e: FieldError) => `@@react-admin@@${JSON.stringify({ message: e.message, args: { ...e.params, _: e.message } })}`;

export function SectionForm({ titleKey, values, save, errorPrefix = '', actions, children, ...inputs }: SectionFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  // A new version after each save gives a fresh, clean form over what was stored.
  const [version, setVersion] = useState(0);

  async function submit(edited: Values) {
    try {
      await save!(overlay(values, edited));
      notify('settings.saved', { type: 'success' });
      setVersion((v) => v + 1);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      const errors = (error instanceof ApiError && (error.body?.data as { errors?: FieldError[] } | null)?.errors) || [];
      return Object.fromEntries(errors.map((e) => [e.field.slice(errorPrefix.length), withArgs(e)]));
    }
  }

  return (
    <Card variant="outlined" component="section" aria-label={translate(titleKey)}>
      <CardHeader title={translate(titleKey)} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <Form key={version} record={values} onSubmit={submit as never} mode="onBlur" reValidateMode="onChange">
        <CardContent sx={{ pt: 0 }}>
          {children}
          <SchemaInputs {...inputs} disabled={!save} />
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          {save && <SaveButton />}
          {actions}
        </CardActions>
      </Form>
    </Card>
  );
}
