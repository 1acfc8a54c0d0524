/**
 * An agreement's words as a page (printable): the same content, from the same function, as the PDF the server
 * makes (shared/agreement/content.ts), so the page and the document never say different things. The document is
 * English (as its PDF is, issue 29 §3 "the agreement PDF in the reader's language" is still to do), so the article
 * says so (`lang="en"`): a Bengali page reads it out as English, and none of its words are half translated.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AgreementContent, Block, Fact } from '../../../shared/agreement/content';

function Facts({ rows }: { rows: Fact[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, 2fr) 3fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, my: 1 }}>
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {r.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
            {r.value}
            {r.note && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                {r.note}
              </Typography>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === 'paragraph') return <Typography sx={{ mb: 1.5, textAlign: 'justify' }}>{block.text}</Typography>;
  if (block.kind === 'facts') return <Facts rows={block.rows} />;
  return (
    <Box sx={{ my: 2 }}>
      <Table size="small" aria-label="Repayment schedule">
        <TableHead>
          <TableRow>
            <TableCell>No.</TableCell>
            <TableCell>Due date</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {block.rows.map((r) => (
            <TableRow key={r.seq}>
              <TableCell>{r.seq}</TableCell>
              <TableCell>{r.dueOn}</TableCell>
              <TableCell align="right">{r.amount}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {block.total}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {block.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {block.note}
        </Typography>
      )}
    </Box>
  );
}

export default function AgreementArticle({ content }: { content: AgreementContent }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 5 }, fontFamily: 'Georgia, serif' }} component="article" aria-label={content.title} lang="en">
      <Typography variant="h5" component="h2" align="center" gutterBottom sx={{ fontFamily: 'inherit' }}>
        {content.title}
      </Typography>
      <Facts rows={content.header} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, my: 3 }}>
        {content.parties.map((p) => (
          <Box key={p.role} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <Typography variant="overline" color="primary">
              {p.role}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>
            {p.lines.map((l) => (
              <Typography key={l} variant="body2" color="text.secondary">
                {l}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
      <Typography sx={{ mb: 2 }}>The parties agree as follows.</Typography>
      {content.sections.map((s, i) => (
        <Box component="section" key={s.heading} sx={{ mb: 2 }}>
          <Typography variant="h6" component="h3" color="primary" sx={{ fontSize: '1.05rem', mb: 1 }}>
            {i + 1}. {s.heading}
          </Typography>
          {s.blocks.map((b, j) => (
            <BlockView key={j} block={b} />
          ))}
        </Box>
      ))}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6, mt: 6 }}>
        {content.signatures.map((label) => (
          <Typography key={label} sx={{ borderTop: 1, pt: 1 }}>
            {label}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {content.footer}
      </Typography>
    </Paper>
  );
}
