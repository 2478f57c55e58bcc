/**
 * API rules: a list with an edit dialog, and an 'open API' button that
 * opens the API docs. A rule's group and name are identifiers the
 * server declares; the list and the dialog show them in the reader's language.
 */
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import { TextInput, useTranslate, type RaRecord } from 'react-admin';
import { ruleActionLabel, ruleGroupLabel } from './auth-rules/labels';
import type { ScreenSlots } from './index';

/** The server's API documentation page (always public: rule type `common`). */
const DOCS_URL = '/api/docs';

function OpenApiButton() {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<OpenInNew />} href={DOCS_URL} target="_blank" rel="noopener">
      {translate('admin.screens.auth-rules.open_api')}
    </Button>
  );
}

function GroupCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return <>{ruleGroupLabel(translate, String(record.group ?? ''))}</>;
}

function NameCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return <>{ruleActionLabel(translate, String(record.name ?? ''))}</>;
}

type InputProps = { source: string; label: string };

/** Both fields are read-only (the server owns them), so only their display changes; nothing is sent back. */
function GroupInput({ source, label }: InputProps) {
  const translate = useTranslate();
  return <TextInput source={source} label={label} disabled fullWidth format={(group: string) => ruleGroupLabel(translate, group ?? '')} />;
}

function NameInput({ source, label }: InputProps) {
  const translate = useTranslate();
  return <TextInput source={source} label={label} disabled fullWidth format={(name: string) => ruleActionLabel(translate, name ?? '')} />;
}

const slots: ScreenSlots = {
  ToolbarActions: OpenApiButton,
  cells: { group: GroupCell, name: NameCell },
  inputs: { group: GroupInput, name: NameInput },
};
export default slots;
