/**
 * The list toolbar's Import and Edit selected buttons. Their dialogs load
 * on first use, so the console's first load (within its 448 KB budget)
 * carries only the buttons.
 */
import EditNote from '@mui/icons-material/EditNote';
import UploadFile from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Resource } from '../../../schema/define';

const ImportDialog = lazy(() => import('./ImportDialog'));
const BulkEditDialog = lazy(() => import('./BulkEditDialog'));

export function ImportButton({ resource }: { resource: Resource }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<UploadFile />} size="small" onClick={() => setOpen(true)}>{translate('admin.import.button')}</Button>
      {open && <Suspense fallback={null}><ImportDialog resource={resource} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}

export function EditSelectedButton({ resource }: { resource: Resource }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!resource.bulk.length) return null;
  return (
    <>
      <Button startIcon={<EditNote />} size="small" onClick={() => setOpen(true)}>{translate('admin.bulk.button')}</Button>
      {open && <Suspense fallback={null}><BulkEditDialog resource={resource} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
