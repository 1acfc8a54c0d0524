/**
 * One text of a translation view (a form's words, the site content's): where it is and its English on one side, its
 * Bengali to write on the other, a missing or merely repeated one marked.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWords } from '../../lib/words';

export interface TranslationRowProps {
  /** The id of the English text (the Bengali field is labelled by it). */
  id: string;
  /** Where the text is (a field's title, the menu…). */
  where: string;
  english: string;
  bengali: string;
  /** Why it needs writing: no Bengali, or one that repeats the English; undefined when it is written. */
  gap?: { repeats: boolean };
  onChange: (bengali: string) => void;
}

export default function TranslationRow({ id, where, english, bengali, gap, onChange }: TranslationRowProps) {
  const { t } = useWords();
  return (
    <Box
      component="li"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: { xs: 0.75, md: 2 }, alignItems: 'start', pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {where}
          {gap && <Chip size="small" color="error" variant="outlined" label={gap.repeats ? t('Repeats the English') : t('Missing')} sx={{ ml: 1 }} />}
        </Typography>
        <Typography id={id} lang="en" sx={{ overflowWrap: 'anywhere' }}>
          {english}
        </Typography>
      </Box>
      <TextField
        value={bengali}
        onChange={(e) => onChange(e.target.value)}
        size="small"
        fullWidth
        multiline
        error={Boolean(gap)}
        placeholder="বাংলায় লিখুন"
        slotProps={{ htmlInput: { lang: 'bn', 'aria-labelledby': id } }}
      />
    </Box>
  );
}
