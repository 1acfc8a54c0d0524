/** The site content's published versions (SiteContentEditor's History tab), each one a draft can start from. */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { ErrorState, Loading } from '../../components/Status';
import { listContentVersions, type ContentVersionSummary } from '../../lib/content-api';
import { formatDateTime } from '../../../shared/format/dates';
import { formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import { decisionLine, statusLabel, wentLive } from './words';

export default function ContentHistory({ current, onRestore }: { current: number; onRestore: (version: number) => void }) {
  const { t, language } = useWords();
  const [versions, setVersions] = useState<ContentVersionSummary[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    listContentVersions().then(setVersions, (e: unknown) => setFailed((e as Error).message));
  }, [current]);
  if (failed) return <ErrorState message={failed} />;
  if (!versions) return <Loading label={t('Loading the versions…')} />;
  const versionLine = (v: ContentVersionSummary): string => {
    const values = { version: formatNumber(v.version, language), note: v.note || t('no note') };
    if (v.version === current) return t('Version {version} (published): {note}', values);
    if (wentLive(v)) return t('Version {version}: {note}', values);
    return t('Version {version} ({status}): {note}', { ...values, status: language === 'en' ? statusLabel(t, v.status).toLowerCase() : statusLabel(t, v.status) });
  };
  return (
    <List aria-label={t('Published versions')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {versions.map((v) => (
        <ListItem
          key={v.version}
          divider
          secondaryAction={
            v.version === current || !wentLive(v) ? undefined : (
              <Button size="small" onClick={() => onRestore(v.version)}>
                {t('Start from it')}
              </Button>
            )
          }
        >
          <ListItemText
            primary={versionLine(v)}
            secondary={[`${v.publishedBy ?? t('from the file')} · ${formatDateTime(v.publishedAt, language)}`, decisionLine(t, language, v)].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
