/**
 * A project's Shariah review (issue 31 §5), in plain markup so the public project page stays light: "Shariah review:
 * approved by <adviser> on <date>" with a link to the signed opinion (readable by anyone once the project is public),
 * or, for the owner and staff, the adviser's request for changes with its note.
 */
import type { CSSProperties } from 'react';
import type { ShariahReviewView } from '../../../shared/api/views';
import { formatDate } from '../../../shared/format/dates';
import { Notice } from '../../ui/Notice';
import { useWords } from '../../lib/words';

export default function ShariahReviewLine({ review, isPublic, style }: { review: ShariahReviewView; isPublic: boolean; style?: CSSProperties }) {
  const { t, language } = useWords();
  const date = formatDate(review.decidedAt, language);
  if (review.decision === 'changes_requested') {
    return (
      <Notice tone="warning" style={style}>
        <strong>{t('Shariah review: changes requested')}</strong> {t('by {adviser} on {date}.', { adviser: review.adviser, date })} {review.note}{' '}
        {t('Edit the project to answer them; it opens only once the review approves it.')}
      </Notice>
    );
  }
  return (
    <p className="t-body2 shariah-review" style={style}>
      <strong>{t('Shariah review: approved by {adviser} on {date}', { adviser: review.adviser, date })}</strong>
      {review.opinionFileId && isPublic ? (
        <>
          {' · '}
          <a href={`/api/v1/files/${review.opinionFileId}`} target="_blank" rel="noopener" className="link-primary">
            {t('Read the signed opinion')}
          </a>
        </>
      ) : null}
    </p>
  );
}
