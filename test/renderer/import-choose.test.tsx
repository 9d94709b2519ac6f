// @vitest-environment jsdom
// The import wizard's project picker names each project's type in words ("Talking video"), not its id.
import './setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChooseFiles } from '../../src/features/batches/import/ChooseFiles';
import { useProjectsStore } from '../../src/features/projects/projects-store';
import { project } from './fixtures';

describe('ChooseFiles project picker', () => {
  it('shows the plain name of each project type, never the raw id', () => {
    useProjectsStore.setState({
      projects: [
        project({ projectId: '1', projectName: 'Presenter', projectType: 'ai_talking_video' }),
        project({ projectId: '2', projectName: '', projectType: 'tts' }),
      ],
    });
    render(<ChooseFiles />);
    const picker = screen.getByRole('combobox', { name: 'Project' });
    const options = [...picker.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([
      'Choose the project the rows are for…',
      'Presenter (Talking video)',
      'Untitled project (Text to speech)',
    ]);
    expect(picker.textContent).not.toContain('ai_talking_video');
  });
});
