/** The settlement report on a toolbar, behind its own rule: opens the report's dialog. */
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ruleKey } from '../../schema/rules';
import { usePermission } from '../permissions';
import { SettlementDialog, type ReportPeriod } from './SettlementDialog';

export const SETTLEMENT_RULE = ruleKey('GET', 'api/receive-money/settlement');

export function SettlementButton({ period }: { period?: ReportPeriod }) {
  const translate = useTranslate();
  const can = usePermission();
  const [open, setOpen] = useState(false);
  if (!can(SETTLEMENT_RULE)) return null;
  return (
    <>
      <Button startIcon={<ReceiptLong />} size="small" onClick={() => setOpen(true)}>{translate('admin.settlement.button')}</Button>
      {open && <SettlementDialog open onClose={() => setOpen(false)} period={period} />}
    </>
  );
}
