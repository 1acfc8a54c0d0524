// @vitest-environment jsdom
/**
 * Issue 12 §8 on the project page: a YouTube or Vimeo link plays in a frame, any other link is a plain link, and a
 * project without a video shows no frame at all; the yearly rate's basis is help on demand, not a formula in the table.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import ProjectDetailPage from '../../src/client/features/projects/ProjectDetailPage';
import { AuthProvider } from '../../src/client/lib/auth';
import { api } from '../../src/client/lib/api';
import { sampleProject } from './project-fixture';

const project = sampleProject;

function show(videoUrl: string | null) {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path !== `/projects/${project.id}`) throw new Error(`unexpected GET ${path}`);
    return { ...project, videoUrl } as never;
  });
  return render(
    <MemoryRouter initialEntries={[`/projectDetails?id=${project.id}`]}>
      <AuthProvider>
        <ProjectDetailPage />
      </AuthProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('project video', () => {
  it('shows no frame and no video line when the project has no video', async () => {
    const { container } = show(null);
    await screen.findByRole('heading', { name: project.title });
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByText(/^Video/)).not.toBeInTheDocument();
  });

  it('plays a YouTube link in a titled frame', async () => {
    const { container } = show('https://www.youtube.com/watch?v=abc123xyz00');
    await screen.findByRole('heading', { name: project.title });
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123xyz00');
    expect(frame.getAttribute('title')).toBe(`${project.title} video`);
  });

  it('links any other address instead of framing it', async () => {
    const { container } = show('https://facebook.com/mobileclinic/videos');
    await screen.findByRole('heading', { name: project.title });
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://facebook.com/mobileclinic/videos' })).toHaveAttribute('href', 'https://facebook.com/mobileclinic/videos');
  });
});

describe('the yearly rate', () => {
  it('shows the rate in the table and its basis only as help', async () => {
    show(null);
    const table = await screen.findByRole('table', { name: 'Project figures' });
    const row = within(table).getByRole('row', { name: /Calculated Annualized ROI/ });
    expect(row).toHaveTextContent('30.34 % per year');
    expect(row).not.toHaveTextContent('×');
    expect(row).not.toHaveTextContent('32.26');
    await userEvent.hover(within(row).getByRole('button', { name: 'How the yearly rate is worked out' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Worked out on a simple basis (17.70 % × 12 ÷ 7 months). Compounded, the same return is 32.26 % a year.');
  });
});
