/**
 * The addresses blocked for repeated overruns of the anonymous rate limits
 * (SYSTEM_SAFETY_API.qps.block), under the API security form: who, since and
 * until when, and a button that lifts a block (logged, like `npm run unblock`).
 * API keys and signed-in users are never blocked, so they never appear here.
 */
import { Button, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { call } from '../../api/http';
import { usePermission } from '../../permissions';
import { useRead } from './reads';

interface Block {
  client: string;
  since: number;
  until: number;
}

const LIST = '[GET]api/rate-limits/blocked';
const LIFT = '[DELETE]api/rate-limits/unblock';
const T = 'admin.screens.settings.blocked';

export function BlockedClients() {
  const can = usePermission();
  return can(LIST) ? <BlockedList mayLift={can(LIFT)} /> : null;
}

function BlockedList({ mayLift }: { mayLift: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [blocks, setBlocks] = useRead<Block[]>('rate-limits/blocked');
  const when = (ms: number) => new Date(ms).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });

  async function lift(client: string) {
    try {
      const { msg } = await call('DELETE', 'rate-limits/unblock', { body: { client } });
      setBlocks((all) => all && all.filter((b) => b.client !== client));
      notify(msg, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }

  return (
    <Card variant="outlined" component="section" aria-label={translate(`${T}.title`)}>
      <CardHeader title={translate(`${T}.title`)} subheader={translate(`${T}.hint`)} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ overflowX: 'auto' }}>
        {blocks && !blocks.length && <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>}
        {blocks && blocks.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.client`)}</TableCell>
                <TableCell>{translate(`${T}.since`)}</TableCell>
                <TableCell>{translate(`${T}.until`)}</TableCell>
                {mayLift && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {blocks.map((b) => (
                <TableRow key={b.client}>
                  <TableCell>{b.client}</TableCell>
                  <TableCell>{when(b.since)}</TableCell>
                  <TableCell>{when(b.until)}</TableCell>
                  {mayLift && (
                    <TableCell align="right">
                      <Button onClick={() => lift(b.client)} aria-label={translate(`${T}.lift_one`, { client: b.client })}>{translate(`${T}.lift`)}</Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
