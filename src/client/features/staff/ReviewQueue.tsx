/**
 * A staff review queue: status tabs, the list of records in that status, and the chosen record's review pane.
 * The verification and project queues are this component with their own list texts and review pane.
 */
import { useState, type ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { useApi, type ApiState } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import { useWords } from '../../lib/words';

export interface QueueProps<T extends { id: string }> {
  /** Accessible names of the tabs and the list. */
  label: string;
  listLabel: string;
  /** The statuses, the first being the waiting one. */
  tabs: { value: string; label: string }[];
  /** The API path listing one status. */
  path: (status: string) => string;
  /** What the empty waiting list says. */
  emptyText: string;
  /** What the list says of a record. */
  describe: (item: T) => { primary: string; secondary: string };
  /**
   * The review pane of a record; call `done` after a decision that closes it, or `refresh` after one that keeps it
   * open (the list reloads either way, so its line says what was just recorded).
   */
  review: (id: string, done: () => void, refresh: () => void) => ReactNode;
  /** What the pane says before a record is chosen. */
  chooseText: string;
}

export default function ReviewQueue<T extends { id: string }>(props: QueueProps<T>) {
  const { t } = useWords();
  const [status, setStatus] = useState(props.tabs[0]!.value);
  const state = useApi(props.path(status)) as ApiState<{ items: T[] }>;
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box>
      <Tabs
        value={status}
        onChange={(_e, v: string) => {
          setStatus(v);
          setOpen(null);
        }}
        sx={{ mb: 2 }}
        aria-label={props.label}
      >
        {props.tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
      <ApiItems state={state} empty={<EmptyState title={t('Nothing here.')} text={status === props.tabs[0]!.value ? props.emptyText : undefined} />}>
        {(items) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined">
                <List component="div" aria-label={props.listLabel}>
                  {items.map((item) => {
                    const text = props.describe(item);
                    return (
                      <ListItemButton key={item.id} selected={open === item.id} onClick={() => setOpen(item.id)}>
                        <ListItemText primary={text.primary} secondary={text.secondary} />
                      </ListItemButton>
                    );
                  })}
                </List>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              {open ? (
                <Box key={open}>
                  {props.review(
                    open,
                    () => {
                      setOpen(null);
                      state.reload();
                    },
                    state.reload,
                  )}
                </Box>
              ) : (
                <EmptyState title={props.chooseText} />
              )}
            </Grid>
          </Grid>
        )}
      </ApiItems>
    </Box>
  );
}
