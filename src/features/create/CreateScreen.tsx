// The Create screen: the account's projects, the chosen project's generated form, and this session's jobs.
import { useLayoutEffect } from 'react';
import { JobFormPanel } from '../job-form/JobFormPanel';
import { useNavStore } from '../navigation/nav-store';
import { ProjectsPanel } from '../projects/ProjectsPanel';
import { SessionJobs } from './SessionJobs';

export function CreateScreen(): React.JSX.Element {
  const focusRequest = useNavStore((state) => state.focusRequest);
  const shown = useNavStore((state) => state.screen === 'create');
  // A layout effect: focus moves in the same commit that draws the screen (e.g. replacing the welcome screen,
  // whose focused button has just gone), so it never rests on the page in between.
  useLayoutEffect(() => {
    if (shown && focusRequest > 0) document.getElementById('project-search')?.focus();
  }, [focusRequest, shown]);

  return (
    <div className="create-screen">
      <ProjectsPanel />
      <JobFormPanel />
      <SessionJobs />
    </div>
  );
}
