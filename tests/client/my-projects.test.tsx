// @vitest-environment jsdom
/**
 * An owner's projects come a page at a time: "Show more projects" appends the next page after those shown, goes
 * away on the last one, and a failed page is said without losing the ones shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import MyProjectsPage from '../../src/client/features/projects/MyProjectsPage';
import { api, ApiError } from '../../src/client/lib/api';
import { projectView } from './project-fixture';

const card = (n: number) => projectView({ id: `00000000-0000-4000-8000-00000000000${n}`, title: `Project ${n}`, status: 'pending_review' });

function pages(second: () => Promise<unknown>) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/me/projects') return { items: [card(1), card(2)], nextCursor: 'page-2' } as never;
    if (path === '/me/projects?cursor=page-2') return (await second()) as never;
    throw new Error(`unexpected GET ${path}`);
  });
}

const show = () =>
  render(
    <MemoryRouter>
      <MyProjectsPage />
    </MemoryRouter>,
  );

const titles = () => screen.getAllByRole('heading').map((h) => h.textContent).filter((t) => t?.startsWith('Project '));

describe('my projects, a page at a time', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the next page after the first on "Show more projects", and no button after the last', async () => {
    const get = pages(async () => ({ items: [card(3)], nextCursor: null }));
    show();
    await screen.findByText('Project 2');
    expect(titles()).toEqual(['Project 1', 'Project 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more projects' }));
    await screen.findByText('Project 3');
    expect(titles()).toEqual(['Project 1', 'Project 2', 'Project 3']);
    expect(screen.queryByRole('button', { name: 'Show more projects' })).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/me/projects?cursor=page-2');
  });

  it('says why a page did not come and keeps the projects shown, with the button to try again', async () => {
    pages(async () => {
      throw new ApiError(503, 'The service is busy. Try again in a moment.');
    });
    show();
    await screen.findByText('Project 2');
    await userEvent.click(screen.getByRole('button', { name: 'Show more projects' }));
    expect(await screen.findByText('The service is busy. Try again in a moment.')).toBeInTheDocument();
    expect(titles()).toEqual(['Project 1', 'Project 2']);
    expect(screen.getByRole('button', { name: 'Show more projects' })).toBeEnabled();
  });
});
