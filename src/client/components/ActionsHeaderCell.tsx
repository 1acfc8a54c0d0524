import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useWords } from '../lib/words';

/** The header of a table's column of row buttons: named for screen readers (axe: empty-table-header), blank on screen. */
export default function ActionsHeaderCell() {
  const { t } = useWords();
  return (
    <TableCell>
      <Box component="span" sx={visuallyHidden}>
        {t('Actions')}
      </Box>
    </TableCell>
  );
}
