/**
 * The test page (a comment-box demo with a favourites menu item): a comment box as long as a comment may be (the comment schema's
 * `content`), up to 10 rows, with a live counter; and a menu whose item marks
 * the page as a favourite, remembered in the console's store.
 */
import MoreVert from '@mui/icons-material/MoreVert';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { Box, Card, CardContent, CardHeader, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useStore, useTranslate } from 'react-admin';
import { z } from 'zod';
import { getResource } from '../schema';

const MAX_LENGTH = maxLengthOf(getResource('comment').fields.content!.input);
const MAX_ROWS = 10;

function maxLengthOf(schema: z.ZodType): number {
  if (schema instanceof z.ZodString && schema.maxLength !== null) return schema.maxLength;
  throw new Error('the comment schema gives its content no maximum length');
}

export default function TestPage() {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [favourite, setFavourite] = useStore('paydesk.test.favourite', false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const notify = useNotify();
  const title = translate('admin.screens.test.title');

  /** The menu closes at once, so a toast says what happened. */
  function toggleFavourite() {
    setFavourite(!favourite);
    setMenuAnchor(null);
    notify(favourite ? 'admin.screens.test.favourite_removed' : 'admin.screens.test.favourite_added', { type: 'success' });
  }

  return (
    <Box sx={{ maxWidth: 800, py: 2 }}>
      <Title title={title} />
      <Card variant="outlined">
        <CardHeader
          title={title}
          avatar={favourite ? <Star color="warning" aria-label={translate('admin.screens.test.favourited')} /> : undefined}
          action={
            <IconButton aria-label={translate('admin.screens.test.menu')} onClick={(e) => setMenuAnchor(e.currentTarget)}>
              <MoreVert />
            </IconButton>
          }
        />
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          <MenuItem onClick={toggleFavourite}>
            <ListItemIcon>{favourite ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}</ListItemIcon>
            <ListItemText>{translate(favourite ? 'admin.screens.test.unfavourite' : 'admin.screens.test.favourite')}</ListItemText>
          </MenuItem>
        </Menu>
        <CardContent>
          <TextField
            label={translate('admin.screens.test.comment')}
            placeholder={translate('admin.screens.test.placeholder')}
            value={text}
            // maxLength stops typing; the slice also holds a paste or a programmatic fill to the limit.
            onChange={(e) => setText(e.target.value.slice(0, MAX_LENGTH))}
            multiline
            minRows={3}
            maxRows={MAX_ROWS}
            fullWidth
            helperText={translate('admin.screens.test.counter', { count: text.length, max: MAX_LENGTH })}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH }, formHelperText: { sx: { textAlign: 'right' }, 'aria-live': 'polite' } }}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
