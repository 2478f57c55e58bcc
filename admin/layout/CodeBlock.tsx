/**
 * A block of code or data with a copy button (复制成功 on success,
 * 浏览器不支持复制 where the browser offers no clipboard, 复制失败 when it
 * refuses). Used for a log's parameters.
 */
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** `wrap` breaks a long token (an API key) across lines instead of scrolling it under the copy button on a phone. */
export function CodeBlock({ text, label, wrap = false }: { text: string; label?: string; wrap?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copyLabel = translate('admin.copy.button');

  async function copy() {
    // Only secure pages get a clipboard: over plain http there is none to ask.
    if (!navigator.clipboard?.writeText) return notify('admin.copy.unsupported', { type: 'warning' });
    try {
      await navigator.clipboard.writeText(text);
      notify('admin.copy.done', { type: 'success' });
    } catch {
      notify('admin.copy.failed', { type: 'error' });
    }
  }

  return (
    <Box sx={{ position: 'relative' }}>
      <Box component="pre" aria-label={label} sx={{ m: 0, p: 1, pr: 5, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 320, fontSize: 13, ...(wrap && { whiteSpace: 'pre-wrap', wordBreak: 'break-all' }) }}>
        {text}
      </Box>
      <Tooltip title={copyLabel}>
        <IconButton size="small" aria-label={copyLabel} onClick={copy} sx={{ position: 'absolute', top: 4, right: 4 }}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
