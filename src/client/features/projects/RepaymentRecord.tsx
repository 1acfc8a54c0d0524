/**
 * The owner's repayment record on a project's page, for future investors: how the owner's instalments on all their
 * projects went — paid on time, paid late, overdue, unpaid in default. Counts only; nobody is named.
 */
import { useApi } from '../../lib/use-api';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';
import FiguresTable from '../../components/FiguresTable';


export default function RepaymentRecord({ projectId }: { projectId: string }) {
  const { t, language } = useWords();
  const { data } = useApi(`/projects/${encodeURIComponent(projectId)}/repayment-record`);
  if (!data) return null;
  const fallenDue = data.onTime + data.late + data.overdue + data.inDefault;
  const rows: [string, string][] = [
    [t('Paid on time'), t('{count, plural, one {# instalment} other {# instalments}}', { count: data.onTime })],
    [t('Paid late'), t('{count, plural, one {# instalment} other {# instalments}}', { count: data.late })],
    [t('Overdue now'), t('{count, plural, one {# instalment} other {# instalments}}', { count: data.overdue })],
    [
      t('Unpaid, in default'),
      data.agreementsInDefault
        ? t('{count, plural, one {# instalment} other {# instalments}} ({agreements, plural, one {# agreement} other {# agreements}})', { count: data.inDefault, agreements: data.agreementsInDefault })
        : t('{count, plural, one {# instalment} other {# instalments}}', { count: data.inDefault }),
    ],
  ];
  return (
    <section style={{ marginTop: 24 }} aria-labelledby="repayment-record-heading">
      <h2 id="repayment-record-heading" className="t-h5 t-gutter">
        {t("Owner's repayment record")}
      </h2>
      <div className="paper-outlined">
        {fallenDue === 0 ? (
          <p className="t-body2 t-muted" style={{ padding: 16, margin: 0 }}>
            {data.upcoming
              ? t("No instalment of this owner's has fallen due yet ({count, plural, one {# instalment} other {# instalments}} scheduled).", { count: data.upcoming })
              : t("No instalment of this owner's has fallen due yet.")}
          </p>
        ) : (
          <FiguresTable label={t("Owner's repayment record")} rows={rows} />
        )}
      </div>
      <p className="t-body2 t-muted" style={{ marginTop: 8 }}>
        {t(
          "Every instalment of the owner's accepted investments on this platform. On time means marked paid by the end of its due date; an agreement is in default when an instalment is {days} days overdue.",
          { days: formatNumber(data.defaultAfterDays, language) },
        )}
      </p>
    </section>
  );
}
