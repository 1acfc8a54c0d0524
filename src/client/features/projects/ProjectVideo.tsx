import type { ProjectView } from '../../../shared/api/views';
import { useWords } from '../../lib/words';

/** An embeddable URL for a YouTube or Vimeo link (null for anything else: shown as a plain link). */
export function embedUrl(link: string | null): string | null {
  if (!link) return null;
  const yt = /(?:youtube\.com\/watch\?v=|youtu\.be\/|youtube\.com\/embed\/)([\w-]{6,})/.exec(link);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = /vimeo\.com\/(\d+)/.exec(link);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

/** The project's video: embedded when it is a YouTube or Vimeo link, else the link itself. */
export default function ProjectVideo({ project }: { project: ProjectView }) {
  const { t } = useWords();
  const video = embedUrl(project.videoUrl);
  return video ? (
    <div className="video-frame video-frame-small">
      <iframe src={video} title={t('{title} video', { title: project.title })} loading="lazy" allowFullScreen />
    </div>
  ) : project.videoUrl ? (
    <p className="t-body" style={{ margin: '16px 0', overflowWrap: 'anywhere' }}>
      {t('Video:')}{' '}
      <a href={project.videoUrl} rel="noopener noreferrer" target="_blank" className="link-primary">
        {project.videoUrl}
      </a>
    </p>
  ) : null;
}
