/**
 * A record page's panel of related rows, for a table no screen draws itself:
 * the rows of `panel.resource` whose `panel.target` is this record, each as
 * its table's compact row. A failed read says so, with a Retry.
 */
import { List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useGetManyReference, useLocale, useTranslate, type Identifier } from 'react-admin';
import type { ShowPanel } from '../../schema/define';
import { renderCell } from '../list/cells';
import { ReadFailed } from '../list/ReadFailed';
import { useResource } from '../schema';

const PANEL_PAGE = { page: 1, perPage: 50 };

export function RelatedRows({ panel, id }: { panel: ShowPanel; id: Identifier }) {
  const translate = useTranslate();
  const locale = useLocale();
  const related = useResource(panel.resource);
  const { data = [], isPending, error, refetch } = useGetManyReference(panel.resource, { target: panel.target, id, pagination: PANEL_PAGE, sort: { field: 'id', order: 'DESC' } });
  if (error) return <ReadFailed error={error} what={translate(`resources.${panel.resource}.name`)} onRetry={() => void refetch()} />;
  if (isPending) return null;
  if (data.length === 0) return <Typography variant="body2" color="text.secondary">{translate('ra.navigation.no_results', { name: translate(`resources.${panel.resource}.name`) })}</Typography>;
  const { primary, secondary, tertiary } = related.compact;
  const cell = (key: string, row: Record<string, unknown>) => renderCell(key, related.fields[key]!, row[key], translate, 'detailed', { record: row, locale });
  return (
    <List dense disablePadding>
      {data.map((row) => (
        <ListItem key={row.id} disableGutters divider>
          <ListItemText
            primary={<Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}><span>{cell(primary, row)}</span>{tertiary && cell(tertiary, row)}</Stack>}
            secondary={<Stack component="span" direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>{secondary.map((key) => <span key={key}>{cell(key, row)}</span>)}</Stack>}
          />
        </ListItem>
      ))}
    </List>
  );
}
