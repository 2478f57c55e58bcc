/**
 * Inputs that upload through `/api/file/upload`: an image
 * URL with an upload button, and a list of attachments with progress.
 */
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { Box, Button, IconButton, LinearProgress, Link, List, ListItem, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { TextInput, useInput, useNotify, useTranslate } from 'react-admin';
import { ApiError, upload } from '../api/http';
import { parseFileList } from './validation';

interface InputProps {
  source: string;
  label: string;
  disabled: boolean;
  validate?: (value: unknown) => unknown;
}

/** Uploads picked files one by one, reporting progress, and returns the stored paths. */
function useUploader() {
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);
  async function send(files: FileList | null): Promise<string[]> {
    const paths: string[] = [];
    for (const file of Array.from(files ?? [])) {
      setProgress(0);
      try {
        paths.push(await upload(file, setProgress));
        notify('admin.upload.success', { type: 'success' });
      } catch (error) {
        // A refusal says the server's words or 上传失败; anything else its own message or 上传异常.
        const refused = error instanceof ApiError && error.status > 0;
        notify((error as Error).message || (refused ? 'admin.upload.failed' : 'admin.upload.error'), { type: 'error' });
      }
    }
    setProgress(null);
    return paths;
  }
  return { progress, send };
}

/**
 * A real button that opens the hidden file input: a `<label>` drawn as a button
 * takes focus (MUI gives it a tabindex) but Enter and Space do not open the
 * file chooser, so keyboard users could not upload.
 */
function PickButton({ disabled, multiple, onPick }: { disabled: boolean; multiple?: boolean; onPick: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="small" startIcon={<CloudUpload />} disabled={disabled} onClick={() => input.current?.click()}>
        {translate('admin.upload.button')}
      </Button>
      <input ref={input} hidden type="file" multiple={multiple} accept={multiple ? undefined : 'image/*'} onChange={onPick} tabIndex={-1} />
    </>
  );
}

export function ImageUrlInput({ source, label, disabled, validate }: InputProps) {
  const { field } = useInput({ source });
  const { progress, send } = useUploader();
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextInput source={source} label={label} disabled={disabled} validate={validate as never} sx={{ flex: 1 }} />
        <PickButton disabled={disabled || progress !== null} onPick={async (e) => { const [path] = await send(e.target.files); if (path) field.onChange(path); }} />
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress} />}
    </Box>
  );
}

const fileName = (path: string) => path.split('/').pop() ?? path;

export function FilesInput({ source, label, disabled }: InputProps) {
  const translate = useTranslate();
  const { field } = useInput({ source, format: parseFileList });
  const { progress, send } = useUploader();
  const paths = parseFileList(field.value);
  // A removed file takes its button with it: the focus goes on to the next file's button, or to the
  // upload button after the last, instead of falling out of the form.
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    if (refocus.current === null) return;
    const buttons = box.current?.querySelectorAll('button') ?? [];
    buttons[Math.min(refocus.current, buttons.length - 1)]?.focus();
    refocus.current = null;
  });
  function remove(at: number) {
    refocus.current = at;
    field.onChange(paths.filter((_, i) => i !== at));
  }
  return (
    <Box ref={box} sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <List dense>
        {paths.length === 0 && <ListItem><Typography variant="body2" color="text.secondary">{translate('admin.upload.none')}</Typography></ListItem>}
        {paths.map((path, at) => (
          <ListItem key={path} secondaryAction={!disabled && <IconButton edge="end" aria-label={translate('admin.upload.remove', { name: fileName(path) })} onClick={() => remove(at)}><Close /></IconButton>}>
            <AttachFile fontSize="small" sx={{ mr: 1 }} />
            <Link href={path} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all' }}>{fileName(path)}</Link>
          </ListItem>
        ))}
      </List>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label={translate('admin.upload.progress')} />}
      <PickButton multiple disabled={disabled || progress !== null} onPick={async (e) => field.onChange([...paths, ...(await send(e.target.files))])} />
    </Box>
  );
}
