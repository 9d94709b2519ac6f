// @vitest-environment jsdom
// The project list by keyboard: arrows, Home and End move between projects (↑ from the top to the search
// box); Enter chooses one.
import './setup';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProjectsPanel } from '../../src/features/projects/ProjectsPanel';
import { useProjectsStore } from '../../src/features/projects/projects-store';
import { useJobFormStore } from '../../src/features/job-form/job-form-store';
import { installFakeApi } from './fake-api';
import { mapping, project } from './fixtures';

describe('the project list by keyboard', () => {
  it('moves with the arrows, Home and End, and chooses with Enter', async () => {
    installFakeApi({
      'projects:list': () => [
        project({ projectId: '1', projectName: 'Alpha' }),
        project({ projectId: '2', projectName: 'Beta' }),
        project({ projectId: '3', projectName: 'Gamma' }),
      ],
      'projects:fields': () => mapping('image', {}),
      'forms:get': () => ({ draft: null, skipEmptyCheck: false }),
    });
    const user = userEvent.setup();
    render(<ProjectsPanel />);
    await useProjectsStore.getState().load();
    const list = await screen.findByRole('list', { name: 'Active projects' });
    const [alpha, beta, gamma] = within(list).getAllByRole('button');
    alpha!.focus();
    await user.keyboard('{ArrowDown}');
    expect(beta).toHaveFocus();
    await user.keyboard('{End}');
    expect(gamma).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(gamma).toHaveFocus();
    await user.keyboard('{Home}');
    expect(alpha).toHaveFocus();
    // ↑ from the first project goes back to the search box; ↓ from there to the first project again.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('searchbox', { name: /Search projects/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(alpha).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(useJobFormStore.getState().project?.projectName).toBe('Beta');
  });
});
