/**
 * Form inputs drawn from a zod object (the config rows of
 * `schema/config-rows.ts`, the settings sections of `schema/settings.ts`): one
 * input per leaf by its type (text, number, switch, choice), validated by the
 * leaf's own schema, so the forms never restate a rule. Facts beyond the type
 * (a secret, a generator, labelled choices, a date or image widget, ids of a
 * resource) come from `settingsMeta`, registered on the schemas themselves.
 * Nested objects become titled groups;
 * a group's `enable` switch, while off, disables the rest of its group.
 */
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput, BooleanInput, DateTimeInput, NumberInput, PasswordInput, ReferenceArrayInput, SelectInput,
  TextInput, useTranslate,
} from 'react-admin';
import { z } from 'zod';
import { fieldErrors } from '../../../schema/issues';
import { fieldMeta, GENERATORS, type FieldMeta } from '../../../schema/settings';
import { ImageUrlInput } from '../../form/uploads';


export interface SchemaInputsProps {
  schema: z.ZodObject;
  /** i18n key of the label of a leaf, or (`group`) of the title of a nested object, by dotted path. */
  labelKey: (path: string, group?: boolean) => string;
  /** Per dotted path of a secret: whether a value is stored (the form shows it blank). */
  secrets?: Record<string, boolean>;
  /** Everything read-only (the caller may look but not save). */
  disabled?: boolean;
}

const SWITCH = 'enable';
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The schema under `.optional()` and `.default()`. */
function unwrap(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault ? unwrap(schema.unwrap() as z.ZodType) : schema;
}

/** A react-admin validator from a zod schema: the first issue as `{message, args}` (`%{min}`, `%{max}`). */
export function validatorOf(schema: z.ZodType, secret?: boolean) {
  return (value: unknown) => {
    // A blank secret keeps the stored one: only the server knows whether there is one.
    if (secret && isBlank(value)) return undefined;
    const result = schema.safeParse(value ?? undefined);
    if (result.success) return undefined;
    const [first] = fieldErrors(result.error);
    return first && { message: first.message, args: { ...first.params, _: first.message } };
  };
}

/** What each level of nesting hands down: everything but the object being drawn. */
type Shared = Omit<SchemaInputsProps, 'schema'>;

export function SchemaInputs({ schema, ...shared }: SchemaInputsProps) {
  return <ObjectInputs {...shared} shape={schema.shape} prefix="" />;
}

function ObjectInputs({ shape, prefix, ...props }: Shared & { shape: z.ZodRawShape; prefix: string }) {
  const translate = useTranslate();
  const hasSwitch = SWITCH in shape && unwrap(shape[SWITCH] as z.ZodType) instanceof z.ZodBoolean;
  const switchedOn = useWatch({ name: `${prefix}${SWITCH}`, disabled: !hasSwitch });
  const entries = Object.entries(shape) as Array<[string, z.ZodType]>;
  const leaves = entries.filter(([, schema]) => !(unwrap(schema) instanceof z.ZodObject));
  const groups = entries.filter(([, schema]) => unwrap(schema) instanceof z.ZodObject);
  const disabledFor = (name: string) => props.disabled || (hasSwitch && name !== SWITCH && !switchedOn);

  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 2 }}>
        {leaves.map(([name, schema]) => (
          <LeafInput key={name} {...props} path={`${prefix}${name}`} schema={schema} disabled={disabledFor(name)} />
        ))}
      </Box>
      {groups.map(([name, schema]) => (
        <Box key={name} component="fieldset" sx={{ border: 0, borderTop: 1, borderColor: 'divider', m: 0, mt: 1, px: 0, pt: 1 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 1, color: 'text.secondary' }}>
            {translate(props.labelKey(`${prefix}${name}`, true))}
          </Typography>
          <ObjectInputs {...props} shape={(unwrap(schema) as z.ZodObject).shape} prefix={`${prefix}${name}.`} disabled={disabledFor(name)} />
        </Box>
      ))}
    </>
  );
}

const fromEpoch = (value: unknown) => (value ? new Date(Number(value) * 1000) : null);
const toEpoch = (value: unknown) => (value ? Math.floor(new Date(value as string | Date).getTime() / 1000) : 0);
/** Text stays text: react-admin would turn a cleared input into null, which no string schema takes. */
const asText = { format: (value: unknown) => (value ?? '') as string, parse: (value: string) => value };

function LeafInput({ path, schema, labelKey, secrets, disabled }: Shared & { path: string; schema: z.ZodType }) {
  const translate = useTranslate();
  const base = unwrap(schema);
  const meta: FieldMeta = { ...fieldMeta(base), ...fieldMeta(schema) };
  const common = { source: path, label: translate(labelKey(path)), disabled, validate: validatorOf(schema, meta.secret), fullWidth: true };

  if (base instanceof z.ZodBoolean) return <BooleanInput {...common} />;
  if (meta.reference) {
    return (
      <ReferenceArrayInput source={path} reference={meta.reference}>
        <AutocompleteArrayInput label={common.label} disabled={disabled} optionText="name" fullWidth />
      </ReferenceArrayInput>
    );
  }
  if (meta.widget === 'date') return <DateTimeInput {...common} format={fromEpoch} parse={toEpoch} validate={undefined} />;
  if (meta.widget === 'image') return <ImageUrlInput source={path} label={common.label} disabled={Boolean(disabled)} validate={common.validate} />;
  if (meta.choices || base instanceof z.ZodEnum) return <ChoiceInput {...common} meta={meta} schema={base} />;
  if (base instanceof z.ZodNumber) {
    return <NumberInput {...common} min={base.minValue ?? undefined} max={base.maxValue ?? undefined} />;
  }
  const input = meta.secret ? (
    <PasswordInput {...common} {...asText} helperText={secrets?.[path] ? 'settings.secret_set' : 'settings.secret_unset'} autoComplete="new-password" />
  ) : meta.masked ? (
    <PasswordInput {...common} {...asText} autoComplete="off" />
  ) : (
    <TextInput {...common} {...asText} />
  );
  return meta.generate ? <WithGenerator source={path} generate={meta.generate} disabled={disabled}>{input}</WithGenerator> : input;
}

/** Allowed values (an enum) or suggested ones; a stored value outside the list is still offered. */
function ChoiceInput({ meta, schema, ...common }: { meta: FieldMeta; schema: z.ZodType; source: string; label: string; disabled?: boolean; validate: ReturnType<typeof validatorOf>; fullWidth: boolean }) {
  const translate = useTranslate();
  const current: unknown = useWatch({ name: common.source });
  const listed = meta.choices ?? (schema as z.ZodEnum).options.map((value) => ({ value, label: String(value), params: undefined }));
  const choices = listed.map((c) => ({ id: c.value, name: translate(c.label, { ...c.params, _: String(c.value) }) }));
  if (!isBlank(current) && !choices.some((c) => c.id === current)) choices.push({ id: current as string, name: String(current) });
  return <SelectInput {...common} choices={choices} translateChoice={false} />;
}

/** A button beside the input that fills it with a fresh random value (the generators of schema/settings.ts). */
function WithGenerator({ source, generate, disabled, children }: { source: string; generate: keyof typeof GENERATORS; disabled?: boolean; children: ReactNode }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const fill = () => setValue(source, GENERATORS[generate](), { shouldDirty: true, shouldValidate: true });
  return (
    // On a phone the button goes under the input rather than narrowing it until its label is cut off.
    <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, columnGap: 1, alignItems: 'flex-start', gridColumn: { md: 'span 2' }, '& > :first-of-type': { flex: '1 1 220px' } }}>
      {children}
      <Button variant="outlined" onClick={fill} disabled={disabled} sx={{ mt: { xs: 0, sm: 1 }, mb: { xs: 1, sm: 0 }, whiteSpace: 'nowrap' }}>
        {translate('settings.generate')}
      </Button>
    </Box>
  );
}
