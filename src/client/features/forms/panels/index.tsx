/**
 * Panels a form screen may show above its form (`panel` in the screen config), about the project named by `?project=`.
 * A screen opened without a project simply shows no panel.
 */
import { lazy, Suspense } from 'react';
import { useApi } from '../../../lib/use-api';
import { ErrorState } from '../../../components/Status';
import ProjectOfferPanel from './ProjectOfferPanel';

// The agreement panel's schedule preview brings Material's table, and the risk statement its own code: only the
// agreement screen fetches them, beside the project (not after it).
const loadAgreementPanel = () => import('./ProjectAgreementPanel');
const loadRiskAcknowledgment = () => import('./RiskAcknowledgment');
const ProjectAgreementPanel = lazy(loadAgreementPanel);
const RiskAcknowledgment = lazy(loadRiskAcknowledgment);

const noop = () => undefined;

export interface FormPanelProps {
  kind: 'project-agreement' | 'project-offer';
  projectId: string | null;
  /** The form's current data (the agreement panel previews the typed amount). */
  data: Record<string, unknown>;
  /** Told whether the form must not send yet, and why (the agreement's risk acknowledgment); null: it may. */
  onBlocked?: (reason: string | null) => void;
  /** Changes when the form was refused: the panel reads its state again. */
  refresh?: number;
}

export function FormPanel({ kind, projectId, data, onBlocked = noop, refresh = 0 }: FormPanelProps) {
  const { data: project, error, reload } = useApi(projectId ? `/projects/${encodeURIComponent(projectId)}` : null);
  if (!projectId) return null;
  if (kind === 'project-agreement') {
    void loadAgreementPanel();
    void loadRiskAcknowledgment();
  }
  if (error) return <ErrorState message={`The project could not be loaded: ${error.message}`} onRetry={reload} />;
  if (!project) return null;
  if (kind !== 'project-agreement') return <ProjectOfferPanel project={project} />;
  return (
    <>
      <Suspense fallback={null}>
        <ProjectAgreementPanel project={project} data={data} />
      </Suspense>
      <Suspense fallback={null}>
        <RiskAcknowledgment onBlocked={onBlocked} refresh={refresh} />
      </Suspense>
    </>
  );
}
