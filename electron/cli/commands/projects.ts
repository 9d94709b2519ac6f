// `jrs projects` and `jrs fields <project>`: the active account's projects, and the fields a project's
// jobs fill (what `submit --set` and a batch sheet's columns name).
import { Command } from 'commander';
import { hasBackgroundMusic } from '../field-values';
import { formFieldsOf } from '../../shared/domain/field-kinds';
import type { CliRun } from '../cli-run';
import { resolveProject } from '../resolve-project';
import { summaryOf } from '../command-summaries';
import { action } from './action';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

async function projects(run: CliRun): Promise<void> {
  const session = await run.openCore({ envAccount: true });
  const list = await session.call('projects:list');
  const { out } = run;
  for (const project of list) {
    out.record({
      type: 'project',
      id: project.projectId,
      name: project.projectName,
      projectType: project.projectType,
      startDate: project.startDate,
      endDate: project.endDate,
    });
  }
  if (list.length === 0) return out.line('This account has no active project.');
  out.table(
    ['NAME', 'TYPE', 'ACTIVE', 'ID'],
    list.map((project) => [
      project.projectName || out.out.dim('(no name)'),
      project.projectType,
      project.startDate || project.endDate ? `${day(project.startDate)}–${day(project.endDate)}` : 'always',
      project.projectId,
    ]),
  );
}

async function fields(run: CliRun, text: string): Promise<void> {
  const session = await run.openCore({ envAccount: true });
  const project = await resolveProject(session, text);
  const mapping = await session.call('projects:fields', { projectId: project.projectId });
  const list = formFieldsOf(mapping);
  const { out } = run;
  for (const field of list) {
    out.record({
      type: 'field',
      projectId: project.projectId,
      id: field.id,
      label: field.label,
      kind: field.type.kind,
    });
  }
  out.line(`${out.out.bold(project.projectName || project.projectId)} (${project.projectType})`);
  out.table(
    ['FIELD', 'LABEL', 'KIND'],
    list.map((field) => [field.id, field.label, field.type.kind]),
  );
  if (hasBackgroundMusic(project.projectType))
    out.line(out.out.dim('Background music: submit --music URL|@file --volume 0-100 --start SECONDS'));
  out.line(out.out.dim('Image and audio fields take a web address, or @file to upload one.'));
}

export function projectsCommands(run: CliRun): Command[] {
  return [
    new Command('projects').description(summaryOf('projects')).action(action(run, async () => projects(run))),
    new Command('fields')
      .description(summaryOf('fields'))
      .argument('<project>', 'the project’s name or id')
      .action(action(run, async (text: string) => fields(run, text))),
  ];
}
