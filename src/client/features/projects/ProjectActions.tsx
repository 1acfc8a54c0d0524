import { useAuth } from '../../lib/auth';
import type { ProjectView } from '../../../shared/api/views';
import { useWords } from '../../lib/words';
import { LinkButton } from '../../ui/Button';

/**
 * What the viewer can do with the project: its owner's links (requests, investors, agreement text, editing), or
 * while it is open the ways to take part, each with why one would choose it.
 */
export default function ProjectActions({ project }: { project: ProjectView }) {
  const { t } = useWords();
  const { visitor } = useAuth();
  const open = project.status === 'open';
  const actions = [
    {
      to: `/investmentAgreementForm?project=${project.id}`,
      text: t('Invest in this project'),
      variant: 'contained' as const,
      color: 'primary' as const,
      why: t('A formal agreement request: the owner accepts it and your repayment schedule starts.'),
    },
    {
      to: `/investForm?project=${project.id}`,
      text: t('Make an offer'),
      variant: 'outlined' as const,
      color: 'primary' as const,
      why: t('A standing offer of what you can invest: the owner (and others) may invite you.'),
    },
    { to: `/donate?project=${project.id}`, text: t('Donate'), variant: 'contained' as const, color: 'secondary' as const, why: t('A gift to the project: nothing is repaid.') },
  ];
  return (
    <>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {project.mine ? (
          <>
            <LinkButton to={`/agreementRequest?project=${project.id}`} variant="contained">
              {t('Agreement Requests')}
            </LinkButton>
            <LinkButton to={`/RelevantInvestorCards?project=${project.id}`} variant="outlined">
              {t('Relevant Investors')}
            </LinkButton>
            <LinkButton to={`/EditProjects/projectDetails?id=${project.id}`} variant="outlined">
              {t('Agreement text')}
            </LinkButton>
            {project.status === 'rejected' || project.status === 'pending_review' ? (
              <LinkButton to={`/EditProjects/projectOwnerInfo?id=${project.id}`} variant="outlined">
                {t('Edit project')}
              </LinkButton>
            ) : null}
          </>
        ) : open ? (
          <ul aria-label={t('Ways to take part')} className="plain-list take-part">
            {actions.map((a, i) => (
              <li key={a.to}>
                <LinkButton to={a.to} variant={a.variant} color={a.color} size={i === 0 ? 'large' : 'medium'} style={{ minWidth: 210, flexShrink: 0 }} aria-describedby={`action-why-${i}`}>
                  {a.text}
                </LinkButton>
                <p id={`action-why-${i}`} className="t-body2 t-muted">
                  {a.why}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {visitor && open && (
        <p className="t-body2 t-muted visitor-only" style={{ marginTop: 12 }}>
          {t('Sending an agreement request or an offer needs an account; donating does not.')}
        </p>
      )}
    </>
  );
}
