/**
 * Invitation codes (issue 11 item 17): a "generate codes" button beside
 * "add" asks how many in the console's prompt dialog, and the server makes them
 * with SIGN_IN_UP's length and format (`POST /api/invite/generate`); the new
 * codes are listed once to copy.
 */
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { MAX_INVITE_BATCH, isInviteBatch } from '../../schema/invite-codes';
import { ruleKey } from '../../schema/rules';
import { forgetCachedReads } from '../api/dataProvider';
import { call } from '../api/http';
import { PromptDialog } from '../form/PromptDialog';
import { usePermission } from '../permissions';
import type { ScreenSlots } from './index';

const GENERATE_RULE = ruleKey('POST', 'api/invite/generate');

/** Digits only (no "1e1"), then the server's own rule; anything else reads "input data invalid". */
const outsideBatch = (value: string) => !isInviteBatch(Number(value));

function GenerateCodes() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const can = usePermission();
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!can(GENERATE_RULE)) return null;

  /** Throws on a refusal, so the prompt stays open with the count for another try. */
  async function generate(count: string) {
    try {
      const { data, msg } = await call<{ codes: string[] }>('POST', 'invite/generate', { body: { count: Number(count) } });
      notify(msg, { type: 'success' });
      setCodes(data.codes);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      throw error;
    } finally {
      forgetCachedReads('invite');
      refresh();
    }
  }

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ConfirmationNumber />} onClick={() => setAsking(true)}>
        {translate('admin.screens.invite.generate')}
      </Button>
      <PromptDialog
        open={asking}
        title="admin.screens.invite.generate"
        label="admin.screens.invite.count"
        description={translate('admin.screens.invite.count_hint', { max: MAX_INVITE_BATCH })}
        initialValue="10"
        inputMode="numeric"
        required
        pattern={/^\d+$/}
        validate={outsideBatch}
        confirmLabel="admin.screens.invite.generate"
        onConfirm={generate}
        onClose={() => setAsking(false)}
      />
      {/* The new codes, once: they are copied from here into whatever carries them to the invitees. */}
      <Dialog open={codes !== null} onClose={() => setCodes(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('admin.screens.invite.generate')}</DialogTitle>
        <DialogContent>
          <Typography component="pre" data-testid="generated-codes" sx={{ fontFamily: 'monospace', m: 0, userSelect: 'all' }}>{codes?.join('\n')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCodes(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const slots: ScreenSlots = { ToolbarActions: GenerateCodes };
export default slots;
