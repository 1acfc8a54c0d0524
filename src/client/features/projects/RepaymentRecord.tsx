/**
 * The owner's repayment record on a project's page, for future investors: how the owner's instalments on all their
 * projects went — paid on time, paid late, overdue, unpaid in default. Counts only; nobody is named.
 */
import { useApi } from '../../lib/use-api';
import { countOf } from '../../../shared/format/count';
import type { RepaymentRecordView } from '../../../shared/api/repayment-record';
import FiguresTable from '../../components/FiguresTable';


export default function RepaymentRecord({ projectId }: { projectId: string }) {
  const { data } = useApi<RepaymentRecordView>(`/projects/${encodeURIComponent(projectId)}/repayment-record`);
  if (!data) return null;
  const fallenDue = data.onTime + data.late + data.overdue + data.inDefault;
  const rows: [string, string][] = [
    ['Paid on time', countOf(data.onTime, 'instalment')],
    ['Paid late', countOf(data.late, 'instalment')],
    ['Overdue now', countOf(data.overdue, 'instalment')],
    ['Unpaid, in default', `${countOf(data.inDefault, 'instalment')}${data.agreementsInDefault ? ` (${countOf(data.agreementsInDefault, 'agreement')})` : ''}`],
  ];
  return (
    <section style={{ marginTop: 24 }} aria-labelledby="repayment-record-heading">
      <h2 id="repayment-record-heading" className="t-h5 t-gutter">
        Owner&apos;s repayment record
      </h2>
      <div className="paper-outlined">
        {fallenDue === 0 ? (
          <p className="t-body2 t-muted" style={{ padding: 16, margin: 0 }}>
            No instalment of this owner&apos;s has fallen due yet{data.upcoming ? ` (${countOf(data.upcoming, 'instalment')} scheduled)` : ''}.
          </p>
        ) : (
          <FiguresTable label="Owner's repayment record" rows={rows} />
        )}
      </div>
      <p className="t-body2 t-muted" style={{ marginTop: 8 }}>
        Every instalment of the owner&apos;s accepted investments on this platform. On time means marked paid by the end of its due date; an
        agreement is in default when an instalment is {data.defaultAfterDays} days overdue.
      </p>
    </section>
  );
}
